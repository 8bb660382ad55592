import SettingsKit

/// Why code could not be generated from a document that loads: two keys that would have one Swift
/// name, or a document whose items the generated code cannot embed. Located like the loader's
/// errors: file, line and column, and the JSON path of the offending value.
public struct CodegenError: ExplainedError, Equatable {
  /// The document's file, as messages name it.
  public var file: String
  /// Where the offending value starts; nil when it could not be found in the text.
  public var location: SourceLocation?
  /// The JSON path of the offending value, such as `sections[0].items[1].key`.
  public var path: String
  /// A lowercase fragment: what is wrong and what would be right.
  public var problem: String

  /// Creates an error.
  public init(file: String, location: SourceLocation?, path: String, problem: String) {
    self.file = file
    self.location = location
    self.path = path
    self.problem = problem
  }

  /// `<file>:<line>:<column>: <path>: <problem>`, as the loader's ``SettingsKit/DocumentError``
  /// reads; plain text, as the document has it.
  public var message: String { "\(place): \(path): \(problem)" }

  /// The error as a compiler diagnostic: `<file>:<line>:<column>: error: <path>: <problem>`, which
  /// build logs and editors pick up.
  public var diagnostic: String { "\(place): error: \(path): \(problem)" }

  /// The file and, when known, the line and column.
  private var place: String { file + (location.map { ":\($0)" } ?? "") }
}
