import SettingsPOSIX

/// Why a settings document could not be loaded, with where.
public enum DocumentError: ExplainedError, Equatable {
  /// The file could not be read.
  case unreadable(file: String, reason: FileSystemError)
  /// The file is not JSON; the location is the first byte that does not fit, and the hint says what
  /// JSON would have (no comments, no single quotes) where the text looks like another format.
  case syntax(file: String, location: SourceLocation, message: String, hint: String?)
  /// The file is JSON but not a valid settings document; every problem found, in source order.
  case invalid(file: String, issues: [ValidationIssue])

  /// The ``messages`` joined by newlines: one line per problem.
  public var message: String { messages.joined(separator: "\n") }

  /// What JSON would have, for a syntax error that looks like another format; nil otherwise.
  public var hint: String? {
    if case .syntax(_, _, _, let hint) = self { return hint }
    return nil
  }

  /// One line per problem, each `<file>:<line>:<column>: <path>: <message>` (the path is left out
  /// for the top level), ready for an `Error: ` prefix. Plain text: the document's
  /// own characters, so a line may hold a newline of a key; escape each one on its own for a terminal.
  public var messages: [String] {
    switch self {
    case .unreadable(_, let reason):
      return [reason.description]
    case .syntax(let file, let location, let message, _):
      return ["\(file):\(location): \(message)"]
    case .invalid(let file, let issues):
      return issues.map { issue in
        let path = issue.path.isEmpty ? "" : "\(issue.path): "
        return "\(file):\(issue.location): \(path)\(issue.message)"
      }
    }
  }
}

/// One thing wrong with a settings document.
public struct ValidationIssue: Sendable, Equatable {
  /// The JSON path of the offending value, such as `sections[1].items[0].type`; empty for the top level.
  public var path: String
  /// Where the offending value (or member name) starts.
  public var location: SourceLocation
  /// A lowercase fragment saying what is wrong and what would be right.
  public var message: String

  /// Creates an issue.
  public init(path: String, location: SourceLocation, message: String) {
    self.path = path
    self.location = location
    self.message = message
  }
}
