import SettingsKit

/// The exit statuses of `settings`, after BSD's sysexits.h where one fits; listed in docs/GUIDE.md and docs/COMMANDS.md.
public enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// The request was refused: an unknown key, a value the item does not accept, an item that is not a
  /// switch, a key a system file locks.
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
  /// Another process held the store's lock too long, etcd writers conflicted with every attempt,
  /// or a write's outcome is unknown; try again (EX_TEMPFAIL).
  case busy = 75
  /// `settings ui` was not run on a terminal, or etcd is out of reach (EX_UNAVAILABLE).
  case unavailable = 69
  /// Permission denied, or a read-only file system (EX_NOPERM).
  case noPermission = 77
}

extension ExitStatus: CaseIterable {
  /// What the status means, for the man page's EXIT STATUS.
  var summary: String {
    switch self {
    case .success: "Success."
    case .refused:
      "Refused: an unknown or ambiguous key, a value the item does not accept, an item that cannot be set, "
        + "is disabled or is locked by a system file; find found nothing; check found something to report; "
        + "load refused a value."
    case .usage:
      "Usage error: an unknown subcommand or option, an option the subcommand does not take, a missing, "
        + "extra or empty argument."
    case .dataError:
      "The document or the store is invalid: bad JSON, a validation error, a store that is not a JSON object."
    case .noInput: "The document (or one of its items files) does not exist or cannot be read."
    case .unavailable:
      "settings ui without a terminal on standard input and output; settings serve on a port in use; "
        + "no etcd endpoint answers."
    case .ioError: "Reading or writing the store failed, or standard output could not be written."
    case .busy:
      "The store is busy: another process held its lock for 5 s, other etcd writers conflicted 5 times, "
        + "or an etcd write's outcome is unknown."
    case .noPermission: "Permission denied, or a read-only file system."
    case .config:
      "No store location: neither XDG_CONFIG_HOME nor HOME is usable for a write; an etcd endpoint that is "
        + "not one or not etcd 3.4's JSON gateway; a change over etcd's limits."
    }
  }
}
