import SettingsPOSIX

/// The shape of every error the engine throws: a ``message`` that says what is wrong, where, and
/// what would be right, and apart from it an optional ``hint`` with advice. `"\(error)"` reads as
/// the message.
///
/// Messages are lowercase fragments with text from documents and stores escaped for a terminal
/// (`TerminalText.escaped(_:)`); they never name a command line's flags or subcommands, so a tool
/// that embeds the engine adds its own advice (the `settings` command adds "run 'settings reset
/// KEY'" where the engine's hint says to reset the key).
public protocol ExplainedError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, where, and what would be right; one line per problem.
  var message: String { get }
  /// Advice beyond the message, such as a close name ("did you mean 'wifi'?"), or nil.
  var hint: String? { get }
}

extension ExplainedError {
  /// No hint unless the type gives one.
  public var hint: String? { nil }

  /// The message.
  public var description: String { message }
}

extension FileSystemError: ExplainedError {
  /// What failed, where, and what would be right (``description``).
  public var message: String { description }
}
