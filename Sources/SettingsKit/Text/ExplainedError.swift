import SettingsPOSIX

/// The shape of every error the engine throws: a ``message`` that says what is wrong, where, and
/// what would be right, and apart from it an optional ``hint`` with advice. `"\(error)"` reads as
/// the message.
///
/// Errors are data. Messages are lowercase fragments in plain text: a key, a title, a path or a
/// server's words appear as the document or store has them, control characters and all, and
/// nothing is escaped for any output. Escaping happens at the edge that prints them: before writing
/// to a terminal, escape each of ``messages`` (and the hint) with ``TerminalText/escaped(_:)``, so
/// that a key holding ESC or a newline is shown as `\u{1B}` or `\n` on its problem's line; a web
/// page sets them as text (JSON carries them as they are). Messages never name a command line's
/// flags or subcommands, so a tool that embeds the engine adds its own advice (the `settings`
/// command adds "run 'settings reset KEY'" where the engine's hint says to reset the key).
public protocol ExplainedError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, where, and what would be right, in plain text; one line per problem: the
  /// ``messages`` joined by newlines.
  var message: String { get }
  /// The message as one text per problem, in order, each plain text that may hold a newline of
  /// its own (from a key or a title); ``message`` is them joined by newlines. Escape each one on
  /// its own to show one line per problem.
  var messages: [String] { get }
  /// Advice beyond the message, such as a close name ("did you mean 'wifi'?"), or nil; plain text.
  var hint: String? { get }
}

extension ExplainedError {
  /// No hint unless the type gives one.
  public var hint: String? { nil }

  /// The message as one problem, unless the type says more than one.
  public var messages: [String] { [message] }

  /// The message.
  public var description: String { message }
}

extension FileSystemError: ExplainedError {
  /// What failed, where, and what would be right (``description``), in plain text.
  public var message: String { description }
}
