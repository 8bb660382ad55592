/// A whole settings screen: the top level of a settings JSON document.
public struct SettingsDocument: Codable, Sendable, Equatable {
  /// The format version this build reads and writes.
  public static let currentVersion = 1

  /// The document format's version; this build reads version 1.
  public var version: Int
  /// The document's name, which also names its store: letters, digits, `.`, `-`, `_`.
  public var id: String
  /// The screen's title.
  public var title: String
  /// The sections, top to bottom.
  public var sections: [SettingSection]

  /// Creates a document.
  public init(
    version: Int = SettingsDocument.currentVersion, id: String, title: String, sections: [SettingSection]
  ) {
    self.version = version
    self.id = id
    self.title = title
    self.sections = sections
  }

  /// Every item with its index path, in screen order.
  public var indexedItems: [(section: Int, row: Int, item: SettingItem)] {
    var result: [(section: Int, row: Int, item: SettingItem)] = []
    for (sectionIndex, section) in sections.enumerated() {
      for (row, item) in section.items.enumerated() { result.append((sectionIndex, row, item)) }
    }
    return result
  }

  /// The item whose key is `key`, if any.
  public func item(forKey key: String) -> SettingItem? {
    for section in sections {
      if let item = section.items.first(where: { $0.key == key }) { return item }
    }
    return nil
  }

  /// All item keys, in screen order.
  public var keys: [String] { sections.flatMap { $0.items.compactMap(\.key) } }
}
