import SettingsKit

/// What the status line says until the next key: a note, or why an action did not happen, kept
/// apart from its wording so that each screen words it once, without reading it back: the full
/// screen says a refusal as `Refused: ` and an error as `Error: ` before the message
/// (``onScreen``); the line mode says both as `Refused: ` and the message (``inLineMode``).
struct ScreenStatus: Sendable, Equatable {
  /// What kind of message it is.
  enum Kind: Sendable, Equatable {
    /// What an action did, or how to go on.
    case note
    /// An action refused, by the settings' rules (a lock, a condition, an undo refused).
    case refusal
    /// An action that failed (a file that cannot be read or written, a value not taken).
    case error
  }

  /// What kind of message it is.
  var kind: Kind
  /// The message, with no prefix.
  var text: String

  /// A note: `text` as it is.
  static func note(_ text: String) -> ScreenStatus { ScreenStatus(kind: .note, text: text) }

  /// A refusal: `Refused: ` and `reason`.
  static func refusal(_ reason: String) -> ScreenStatus { ScreenStatus(kind: .refusal, text: reason) }

  /// An error: `error`'s message, said as `Error: ` and the message on the full screen.
  static func error(_ error: any Error) -> ScreenStatus { ScreenStatus(kind: .error, text: error.message) }

  /// As the full screen's status line says it.
  var onScreen: String {
    switch kind {
    case .note: text
    case .refusal: "Refused: " + text
    case .error: "Error: " + text
    }
  }

  /// As the line mode says it: a note as it is, a refusal or an error as `Refused: ` and the
  /// message, the line mode's one word for a command that did not do what it was asked.
  var inLineMode: String {
    kind == .note ? text : "Refused: " + text
  }
}
