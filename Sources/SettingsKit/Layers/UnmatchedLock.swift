/// A lock in a system file whose name is no key, section id or page key of the document, so that
/// it locks nothing (a typo such as `airplan` would otherwise go unnoticed).
public struct UnmatchedLock: Sendable, Equatable, CustomStringConvertible {
  /// The system file, as messages show its path.
  public var file: String
  /// The name the lock gives.
  public var name: String
  /// A close key or section id, if any.
  public var suggestion: String?

  /// `FILE: lock "NAME" names no key, section or page; did you mean "KEY"?`, in plain text.
  public var message: String {
    "\(file): lock \"\(name)\" names no key, section or page"
      + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
  }

  /// The message.
  public var description: String { message }
}

extension LayeredStore {
  /// The locks of the system files that lock nothing in `document`, file by file in name order.
  /// Keys of items files count only when their items are decoded in `document`; an earlier key of
  /// an item (`renamedFrom`) locks that item.
  public func unmatchedLocks(in document: SettingsDocument) -> [UnmatchedLock] {
    guard system.contains(where: { !$0.locked.isEmpty }) else { return [] }
    var names = Set<String>()
    func walk(_ sections: [SettingSection]) {
      for section in sections {
        if let id = section.id { names.insert(id) }
        for item in section.items {
          if let key = item.key { names.insert(key) }
          names.formUnion(item.renamedFrom ?? [])
          if let page = item.page { walk(page.sections) }
        }
      }
    }
    walk(document.sections)
    return system.flatMap { layer in
      layer.locked.keys.sorted().filter { !names.contains($0) }.map { name in
        UnmatchedLock(file: layer.file, name: name, suggestion: Suggestion.closest(to: name, in: names))
      }
    }
  }
}
