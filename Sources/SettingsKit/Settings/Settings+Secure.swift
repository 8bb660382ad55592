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
    document.forEachItem { item, _ in
      if !found, item.secure == true, let key = item.key, contents.values[key] != nil { found = true }
    }
    return found
  }
}
