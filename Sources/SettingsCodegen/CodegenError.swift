import SettingsKit

/// Why code could not be generated from a document that loads: two keys that would have one Swift
/// name, or a document whose items the generated code cannot embed.
public struct CodegenError: ExplainedError, Equatable {
  /// What is wrong, naming the keys or sections involved.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }
}
