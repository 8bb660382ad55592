import SettingsKit
import SettingsPOSIX

/// A document read for code generation: its text (which the generated code embeds) and the
/// document loaded from it in its base language.
public struct CodegenSource: Sendable {
  /// The document, loaded with no preferred locale.
  public var document: SettingsDocument
  /// The file's text.
  public var text: String
  /// The file's name without its folder, as the generated code names it.
  public var fileName: String
  /// The file as messages name it: its path as given (``SettingsKit/SourceText/name``).
  public var file: String
  /// The folder that sections' items files (`itemsFile`) are read from.
  public var itemsDirectory: SystemPath
  /// The document's bytes, as read.
  private var source: SourceText

  /// Reads and validates the document at `path` with ``SettingsKit/DocumentLoader``; items files
  /// are read from its folder only for TypeScript (the Swift generator refuses sections that
  /// have them).
  ///
  /// - Throws: the loader's ``SettingsKit/DocumentError``: file, line, column, JSON path, and
  ///   "did you mean" where a name is close.
  public init(path: SystemPath) throws(DocumentError) {
    let bytes: [UInt8]?
    do {
      bytes = try AtomicFile.read(path)
    } catch {
      throw .unreadable(file: path.description, reason: error)
    }
    guard let bytes else {
      throw .unreadable(file: path.description, reason: .notFound(path: path.description))
    }
    try self.init(
      source: SourceText(name: path.description, bytes: bytes), fileName: path.lastComponent.description,
      itemsDirectory: path.directory)
  }

  /// Validates the document `source` (named `fileName` in the generated code), whose items files
  /// are in `itemsDirectory` (the current directory by default, as `settings` reads them for a
  /// document on standard input).
  ///
  /// - Throws: the loader's ``SettingsKit/DocumentError``.
  public init(
    source: SourceText, fileName: String, itemsDirectory: SystemPath = SystemPath(".")
  ) throws(DocumentError) {
    self.source = source
    self.itemsDirectory = itemsDirectory
    document = try DocumentLoader.decode(source, itemsFilesIn: nil)
    // The loader accepted it, so it is UTF-8 (a leading byte-order mark is left out of the literal).
    var text = String(decoding: source.bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    self.text = text
    self.fileName = fileName
    self.file = source.name
  }

  /// The TypeScript declaration of the store's shape
  /// (``TypeScriptStoreGenerator/generate(document:sourceName:)``), the items of items files
  /// included: their values are stored as any other's.
  ///
  /// - Throws: the loader's ``SettingsKit/DocumentError`` when an items file cannot be read or
  ///   holds an invalid item.
  public func typeScript() throws(DocumentError) -> String {
    var document = self.document
    if document.sections.contains(where: { $0.itemsFile != nil }) {
      document = try DocumentLoader.decode(source, itemsFilesIn: itemsDirectory)
    }
    return TypeScriptStoreGenerator.generate(document: document, sourceName: fileName)
  }

  /// The generated Swift (``SwiftKeysGenerator/generate(document:source:sourceName:)``).
  ///
  /// - Throws: ``CodegenError``.
  public func swift() throws(CodegenError) -> String {
    try SwiftKeysGenerator.generate(document: document, source: text, sourceName: fileName, file: file)
  }

  /// A load error as compiler diagnostics, one line per problem: `FILE:LINE:COLUMN: error: PATH:
  /// MESSAGE` (the loader's message with `error:` after the location, which build logs and editors
  /// pick up), or `error: MESSAGE` without a location.
  public static func diagnostics(for error: DocumentError) -> [String] {
    switch error {
    case .unreadable:
      return error.messages.map { "error: " + $0 }
    case .syntax(let file, let location, let message, let hint):
      let line = "\(file):\(location): error: \(message)"
      return [line] + (hint.map { ["\(file):\(location): note: \($0)"] } ?? [])
    case .invalid(let file, let issues):
      return issues.map { issue in
        let path = issue.path.isEmpty ? "" : "\(issue.path): "
        return "\(file):\(issue.location): error: \(path)\(issue.message)"
      }
    }
  }
}
