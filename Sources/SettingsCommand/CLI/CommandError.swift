import SettingsEtcd
import SettingsKit
import SettingsPOSIX

/// A failed command: what to print to standard error and the exit status, decided in one place
/// (after swift-argument-parser's `MessageInfo`). Engine errors come in as ``ExplainedError``s;
/// this is where their hints become advice about the command line and their kinds exit statuses.
struct CommandError: Error {
  /// Which usage line follows a usage error, and which help it points to.
  enum Usage: Sendable, Equatable {
    /// `Usage: settings [SUBCOMMAND] [OPTIONS]`, then `See 'settings --help' …`.
    case general
    /// The subcommand's usage line, then `See 'settings help SUB' …`.
    case of(Subcommand)
  }

  /// The lines after `Error: `, as they are written: ``text`` escapes each for the terminal.
  var messages: [String]
  /// Whether to follow with a usage line and the help hint (usage errors only).
  var usage: Usage?
  /// The exit status.
  var status: ExitStatus
  /// An exit code outside ``ExitStatus``, such as 128 + a signal's number.
  var exitCode: Int32?
  /// The engine error this comes from, if any.
  var source: (any ExplainedError)?
  /// What goes to standard output before the messages (`validate --json`'s report).
  var standardOutput = ""

  /// A usage error (exit 64) followed by `subcommand`'s usage line, or the general one.
  static func usage(_ message: String, subcommand: Subcommand?) -> CommandError {
    CommandError(messages: [message], usage: subcommand.map(Usage.of) ?? .general, status: .usage)
  }

  init(messages: [String], usage: Usage? = nil, status: ExitStatus, exitCode: Int32? = nil) {
    self.messages = messages
    self.usage = usage
    self.status = status
    self.exitCode = exitCode
  }

  /// An engine error: one line per problem (``ExplainedError/messages``), the last followed by the
  /// command line's hint, each escaped for the terminal as a whole, so that a newline inside a key
  /// is shown as `\n` on its problem's line.
  init(_ error: any ExplainedError) {
    if case .several(let errors) = error as? SettingsError, let first = errors.first {
      // Each refused assignment with its own hint, the status of the first.
      self.init(messages: errors.flatMap { CommandError($0).messages }, status: Self.status(for: first))
      source = error
      return
    }
    var lines = error.messages
    if let hint = Self.hint(for: error) {
      if lines.isEmpty { lines = [hint] } else { lines[lines.count - 1] += "; " + hint }
    }
    self.init(messages: lines.map(TerminalText.escaped), status: Self.status(for: error))
    source = error
  }

  /// Every problem, with file, line, column and JSON path where the error has them; a document
  /// error's text is plain (escape it to write it to a terminal), the others' as ``messages``.
  var problems: [Problem] {
    guard let error = source as? DocumentError else {
      return messages.map { Problem(file: "", location: nil, path: "", message: $0) }
    }
    switch error {
    case .unreadable(let file, let reason):
      return [Problem(file: file, location: nil, path: "", message: reason.message)]
    case .syntax(let file, let location, let message, let hint):
      let text = message + (hint.map { "; \($0)" } ?? "")
      return [Problem(file: file, location: location, path: "", message: text)]
    case .invalid(let file, let issues):
      return issues.map { Problem(file: file, location: $0.location, path: $0.path, message: $0.message) }
    }
  }

  /// The hint as `settings` words it: the engine's, or advice that names a subcommand or an option;
  /// plain text.
  static func hint(for error: any ExplainedError) -> String? {
    switch error {
    case let error as SettingsError:
      switch error {
      case .unknownKey(_, suggestion: nil): return "'settings list' shows the keys"
      case .notASwitch(let key, .rightDetail):
        return "use 'settings set \(key) VALUE' for a choice"
      case .store(let error): return hint(for: error)
      case .locked(let key, _, _): return "'settings why \(key)' explains it"
      case .undoRefused(let refusal): return hint(for: refusal)
      default: return error.hint
      }
    case let error as StoreError:
      switch error {
      case .wrongType(_, _, let key, _, _):
        return "run 'settings reset \(key)' to go back to the default"
      case .noLocation: return "give \(Options.store.definition.synopsis)"
      default: return error.hint
      }
    default:
      return error.hint
    }
  }

  /// What to run instead of a refused `undo`.
  static func hint(for refusal: UndoRefusal) -> String? {
    switch refusal {
    case .changedLater:
      "give \(Options.force.definition.name) to undo it anyway, or 'settings history' to see both"
    case .secret(let key): "'settings reset \(key)' goes back to the default"
    case .secretField(let key, let field, _, true):
      "'settings add \(key) \(field)=TEXT …' adds the record again"
    case .secretField(let key, let field, let at, false):
      "'settings set \(key)[\(at)].\(field) TEXT' sets it again"
    case .noSuchEntry, .nothingToUndo: "'settings history' lists the entries"
    case .nothingChangedSince, .alreadyAsBefore: nil
    case .beforeJournal(_, let known):
      "give a time from \(known) on, or 'settings undo ID' to take back one change"
    }
  }

  /// The exit status of an engine error (see ``ExitStatus`` and the table in docs/GUIDE.md, "Exit codes").
  static func status(for error: any ExplainedError) -> ExitStatus {
    switch error {
    case let error as DocumentError:
      if case .unreadable = error { return .noInput }
      return .dataError
    case let error as SettingsError:
      if case .store(let error) = error { return status(for: error) }
      return .refused
    case let error as StoreError:
      switch error {
      case .fileSystem(.notFound): return .ioError
      case .fileSystem(let reason): return status(for: reason)
      case .syntax, .notAnObject, .wrongType: return .dataError
      case .noLocation, .badJournalLimit: return .config
      case .backend(let error): return status(for: error)
      case .journalUnreadable(_, let reason, _): return status(for: reason)
      }
    case let error as EtcdError:
      switch error {
      case .badEndpoint, .badPrefix, .tlsEndpoint, .notEtcd, .hostNotAllowed, .tooOld, .tooManyOperations,
        .requestTooLarge:
        return .config
      case .unreachable, .server: return .unavailable
      case .authenticationFailed, .permissionDenied: return .noPermission
      case .conflict, .unknownOutcome: return .busy
      case .answerTooLarge, .malformedAnswer: return .ioError
      }
    case let error as FileSystemError:
      switch error {
      case .busy: return .busy
      case .permissionDenied, .readOnlyFileSystem: return .noPermission
      case .notFound: return .noInput
      default: return .ioError
      }
    default:
      return .dataError
    }
  }

  /// What goes to standard error: `Error: …` lines, each line of a message escaped for the terminal
  /// (text escaped already is kept as it is; a usage error's `Did you mean …?` stays on its own
  /// line), and for a usage error the usage line and where to read more. An engine error's text
  /// is escaped whole where it becomes a message (``init(_:)``), so none of its newlines is left.
  var text: String {
    var text = messages.map { message in
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      return "Error: " + lines.map { TerminalText.escaped(String($0)) }.joined(separator: "\n") + "\n"
    }.joined()
    switch usage {
    case nil: break
    case .general:
      text += "Usage: settings [SUBCOMMAND] [OPTIONS]\nSee 'settings --help' for more information.\n"
    case .of(let subcommand):
      // Wrapped to 80 columns as `help` wraps it.
      let usage = HelpText.usageLines(subcommand, width: 80, label: "Usage:").joined(separator: "\n")
      text += "\(usage)\nSee 'settings help \(subcommand.rawValue)' for more information.\n"
    }
    return text
  }
}
