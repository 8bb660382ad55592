extension Settings {
  /// Whether `contents` holds a value of a secure text field (the store file is then kept at mode
  /// `0o600`). A value the store holds is not encrypted: the file's mode is its only protection.
  ///
  /// With the document's kept defaults (`base`), the secure keys are looked up instead of walking
  /// every item.
  func holdsSecureValue(_ contents: StoreContents, base: DocumentDefaults? = nil) -> Bool {
    guard !contents.values.isEmpty else { return false }
    if let base { return contents.values.keys.contains { base.secureKeys.contains($0) } }
    var found = false
    // Rows still in the compiled form have no secure field (``CompiledItems``).
    document.forEachDecodedItem { item, _ in
      if !found, item.isSecure, let key = item.key, contents.values[key] != nil { found = true }
    } undecoded: { _, _ in
    }
    return found
  }

  /// `changes` with ``SettingChange/isSecure`` set on those of secure text fields, so that they
  /// print masked; `base` (the kept defaults) knows the secure keys without a walk of the items.
  func markingSecure(_ changes: [SettingChange], base: DocumentDefaults?) -> [SettingChange] {
    guard !changes.isEmpty else { return changes }
    let secureKeys = Self.secureKeys(of: document, base: base)
    return changes.map { change in
      var change = change
      change.isSecure = secureKeys.contains(change.key)
      return change
    }
  }

  /// The keys of `document`'s secure text fields: those its kept defaults `base` hold when given,
  /// else found in one walk of the items.
  static func secureKeys(of document: SettingsDocument, base: DocumentDefaults?) -> Set<String> {
    base?.secureKeys ?? document.secureKeys
  }

  /// The names a journal keeps values out of (a ``JournalingStore``'s `secureKeys`): each secure
  /// text field's key, and for a record list with a secure field, `KEY[].FIELD` for each such
  /// field instead of the list's key, so that its elements' other fields are journaled and an
  /// element change can be worded and undone.
  static func journalSecureKeys(of document: SettingsDocument, base: DocumentDefaults?) -> Set<String> {
    var names: Set<String> = []
    for key in secureKeys(of: document, base: base) {
      guard let fields = (base?.item(forKey: key) ?? document.item(forKey: key))?.list?.fields else {
        names.insert(key)
        continue
      }
      for field in fields where field.securesValue {
        if let fieldKey = field.key { names.insert("\(key)[].\(fieldKey)") }
      }
    }
    return names
  }
}
