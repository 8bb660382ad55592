extension Settings {
  /// The value of `key` as its Swift type now (when `initial` is true) and after every change to
  /// it, from this process or elsewhere; see ``updates(_:initial:options:)-(String,_,_)``.
  ///
  /// ```swift
  /// for await isOn in try settings.updates(SettingKeys.airplane) { print(isOn) }  // Bool
  /// ```
  ///
  /// - Throws: the errors of ``check(_:)``: the key names no item, or one whose values `Value`
  ///   cannot hold.
  public func updates<Value>(
    _ key: SettingKey<Value>, initial: Bool = true, options: WatchOptions = WatchOptions()
  ) throws(SettingsError) -> AsyncStream<Value> {
    try check(key)
    let fullKey = try item(key.name).key ?? key.name
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: true) { update in
      for change in update.changes where change.key == fullKey {
        if let value = Value(settingValue: change.newValue) { continuation.yield(value) }
      }
    }
    continuation.onTermination = { _ in watch.stop() }
    watch.start { values in
      if initial, let value = values[fullKey].flatMap(Value.init(settingValue:)) { continuation.yield(value) }
    }
    return stream
  }
}
