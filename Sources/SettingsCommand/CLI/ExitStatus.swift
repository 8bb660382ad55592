import SettingsKit

/// The exit statuses of `settings`, after BSD's sysexits.h where one fits; listed in the README.
public enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// The request was refused: an unknown key, a value the item does not accept, an item that is not a switch.
  case refused = 1
  /// The command line is wrong (EX_USAGE).
  case usage = 64
  /// The document or the store is not valid: bad JSON, a validation error, a stored value of the wrong type (EX_DATAERR).
  case dataError = 65
  /// The document file does not exist or cannot be read (EX_NOINPUT).
  case noInput = 66
  /// No store location could be worked out (EX_CONFIG).
  case config = 78
  /// Reading or writing the store failed (EX_IOERR).
  case ioError = 74
  /// Another process held the store's lock too long; try again (EX_TEMPFAIL).
  case busy = 75
  /// `settings ui` was not run on a terminal (EX_UNAVAILABLE).
  case noTerminal = 69
  /// Permission denied, or a read-only file system (EX_NOPERM).
  case noPermission = 77
}
