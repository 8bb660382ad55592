import SettingsKit

/// A failed command: what to print to standard error and the exit status, decided in one place.
struct CommandError: Error {
  /// The lines after `Error: `.
  var messages: [String]
  /// Whether to follow with the usage line and the help hint (usage errors only).
  var usage: String?
  /// The exit status.
  var status: ExitStatus
  /// An exit code outside ``ExitStatus``, such as 128 + a signal's number.
  var exitCode: Int32?

  static func usage(_ message: String, usage: String) -> CommandError {
    CommandError(messages: [message], usage: usage, status: .usage)
  }

  init(messages: [String], usage: String? = nil, status: ExitStatus, exitCode: Int32? = nil) {
    self.messages = messages
    self.usage = usage
    self.status = status
    self.exitCode = exitCode
  }

  init(_ error: DocumentError) {
    switch error {
    case .unreadable(_, let reason):
      _ = reason
      self.init(messages: error.messages, status: .noInput)
    case .syntax, .invalid:
      self.init(messages: error.messages, status: .dataError)
    }
  }

  init(_ error: SettingsError) {
    switch error {
    case .store(let storeError): self.init(storeError)
    default: self.init(messages: [error.message], status: .refused)
    }
  }

  init(_ error: StoreError) {
    let status: ExitStatus =
      switch error {
      case .fileSystem(let reason): reason.isNotFound ? .ioError : Self.status(for: reason)
      case .syntax, .notAnObject, .wrongType: .dataError
      case .noLocation: .config
      }
    self.init(messages: [error.message], status: status)
  }

  static func status(for error: FileSystemError) -> ExitStatus {
    switch error {
    case .busy: .busy
    case .permissionDenied, .readOnlyFileSystem: .noPermission
    case .notFound: .noInput
    default: .ioError
    }
  }
}

extension FileSystemError {
  var isNotFound: Bool {
    if case .notFound = self { return true }
    return false
  }
}
