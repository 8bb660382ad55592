extension DocumentValidator {
  /// Each earlier key (`renamedFrom`) is a well-formed dot path, not a current key, claimed once,
  /// on an item that has a key; as the loader checks.
  mutating func checkRenames() {
    var claimed: [String: String] = [:]
    for rename in renames {
      if !rename.hasKey {
        report(rename.path, "an item with \"renamedFrom\" needs a \"key\"")
      }
      if !DocumentName.isDotPath(rename.old) {
        report(rename.path, "invalid earlier key \(shown(rename.old)); \(DocumentName.dotPathRule)")
      } else if let current = keys[rename.old] {
        report(rename.path, "earlier key \(shown(rename.old)) is a current key, used at \(current.path)")
      } else if let first = claimed[rename.old] {
        report(rename.path, "earlier key \(shown(rename.old)) is claimed twice; first at \(first)")
      } else {
        claimed[rename.old] = rename.path
      }
    }
  }
}

extension SettingsDocument {
  /// Every earlier key (`renamedFrom`) with the full key of the item that now has it (rows still
  /// in the compiled form have none, and are not decoded).
  public var renamedKeys: [String: String] {
    var renames: [String: String] = [:]
    forEachDecodedItem { item, _ in
      guard let key = item.key, let earlier = item.renamedFrom else { return }
      for old in earlier { renames[old] = key }
    } undecoded: { _, _ in
    }
    return renames
  }
}

extension DocumentName {
  /// Whether `text` is a key's full dot path: keys joined by dots (`cellular.roaming`).
  static func isDotPath(_ text: String) -> Bool {
    text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { keyProblem(String($0)) == nil }
  }

  /// What an earlier key must be, for messages.
  static let dotPathRule =
    "use the full dot path of a key (keys of letters, digits, '-' and '_' joined by dots, such as \"cellular.roaming\")"
}
