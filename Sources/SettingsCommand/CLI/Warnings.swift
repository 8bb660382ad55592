import SettingsKit
import Synchronization

/// The warnings a command gathers while it runs, written to standard error after it (before its
/// `Error:` lines when it fails), one `Warning: …` line each, in the order given and without repeats.
final class Warnings: Sendable {
  private let state = Mutex<(lines: [String], seen: Set<String>)>(([], []))

  /// Adds one line (without the `Warning: ` prefix), plain text or escaped; a line already given
  /// is not repeated.
  func add(_ line: String) {
    state.withLock { if $0.seen.insert(line).inserted { $0.lines.append(line) } }
  }

  /// Adds the warning for a stored value its item does not accept: where it is, the key, the
  /// value, what is accepted, what is used instead, and how to replace it.
  func add(_ problem: StoredValueProblem) {
    add(Self.line(for: problem))
  }

  /// The warning for a stored value its item does not accept, without the `Warning: ` prefix: the
  /// engine's message and the command that removes the value (`show`, `list`, `watch`); plain text.
  static func line(for problem: StoredValueProblem) -> String {
    problem.message + "; 'settings reset \(problem.key)' removes it"
  }

  /// Writes every line as `Warning: …`, escaped for the terminal as a whole (one warning, one line;
  /// text escaped already is kept as it is), and forgets them.
  func write<Output: TextOutputStream>(to output: inout Output) {
    let lines = state.withLock { state in
      defer { state = ([], []) }
      return state.lines
    }
    for line in lines {
      output.write("Warning: \(TerminalText.escaped(line))\n")
    }
  }
}

extension Warnings {
  /// Adds the warning for a deprecated item that was changed: `'dnd' is deprecated: …`.
  func addDeprecation(of key: String, in settings: Settings) {
    guard let item = try? settings.item(key), let message = item.deprecated else { return }
    add("'\(item.key ?? key)' is deprecated: \(message)")
  }
}
