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
  /// Where the top page's sections and rows stand in the whole document, for a document reduced
  /// to some of its items; nil for a whole document.
  ///
  /// The compiled cache answers a command about a few keys with a document that holds only their
  /// top-level items (`DocumentCache.document(at:keys:locales:)`); this keeps ``locate(_:)``
  /// numbering them as in the whole document. It is neither encoded nor compared.
  package var wholePlacement: WholePlacement?

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

extension SettingsDocument {
  /// Two documents are equal when their fields and sections are (`wholePlacement` aside).
  public static func == (lhs: SettingsDocument, rhs: SettingsDocument) -> Bool {
    lhs.version == rhs.version && lhs.id == rhs.id && lhs.title == rhs.title && lhs.sections == rhs.sections
  }
}
