extension Settings {
  /// The value of `key` as its Swift type: `try settings[SettingKeys.theme]` is a `Theme`.
  ///
  /// - Throws: the errors of ``value(_:)``.
  public subscript<Value>(key: SettingKey<Value>) -> Value {
    get throws(SettingsError) { try value(key) }
  }

  /// Sets `key` to a typed value, checked as `settings set` checks it (range, step, length,
  /// pattern, conditions, locks); the same as ``set(_:to:)-(SettingKey<Value>,_)``.
  ///
  /// - Throws: ``SettingsError/rejectedValue(key:value:problem:accepted:)`` when the item does not
  ///   accept it, and the errors of ``set(_:to:)-(String,SettingValue)``.
  @discardableResult
  public func set<Value>(_ key: SettingKey<Value>, _ value: Value) throws(SettingsError) -> SettingChange? {
    try set(key, to: value)
  }

  /// Turns a switch over in one locked update, as `settings toggle` does; see ``toggle(_:)-(String)``.
  ///
  /// - Returns: the new state.
  /// - Throws: the errors of ``toggle(_:)-(String)``.
  @discardableResult
  public func toggle(_ key: SettingKey<Bool>) throws(SettingsError) -> Bool {
    try toggle(key.name)
  }
}

extension SettingsDocument {
  /// Decodes a document embedded in the program as JSON text, as the code that `SettingsKeysPlugin`
  /// and `settings codegen swift` generate does for `SettingsDocument.generated`.
  ///
  /// The build checked the text with the same loader, so a failure here means the program was
  /// built against another version of the library: it stops the program with the loader's message.
  ///
  /// - Parameters:
  ///   - json: the document's text.
  ///   - name: the file it came from, for messages.
  ///   - locales: the preferred locales for its localized text; none gives the base language
  ///     (`en`, else each text's first translation).
  public static func embedded(_ json: String, name: String, locales: [String] = []) -> SettingsDocument {
    do {
      return try DocumentLoader.decode(SourceText(name: name, bytes: Array(json.utf8)), locales: locales)
    } catch {
      preconditionFailure("the embedded settings document does not load: \(error.message)")
    }
  }
}
