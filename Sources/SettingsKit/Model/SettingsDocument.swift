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
}
