import SettingsPOSIX

/// Why the store of overrides could not be read or written.
public enum StoreError: ExplainedError, Equatable {
  /// The file system refused (missing directory, permission, read-only, busy lock, …).
  case fileSystem(FileSystemError)
  /// The store file is not JSON; it is left as it is.
  case syntax(file: String, location: SourceLocation, message: String)
  /// The store file is JSON but not an object of overrides.
  case notAnObject(file: String, found: String)
  /// A stored value has the wrong JSON type for its item.
  case wrongType(file: String, location: SourceLocation, key: String, expected: String, found: String)
  /// No store path could be worked out (no `HOME`), or the document id would leave the directory.
  case noLocation(reason: String)
  /// A store that is not a file failed (etcd: out of reach, refused, conflicting writers, an
  /// unknown outcome), in its own words.
  case backend(any StoreBackendError)
  /// The store's journal (`journal`, a path) exists but cannot be read; it is never replaced then,
  /// so a write (`writing`) writes nothing, and says so; a read (`history`) only says why.
  case journalUnreadable(journal: String, reason: FileSystemError, writing: Bool = false)
  /// `SETTINGS_JOURNAL_LIMIT` (the text given) is not a whole number of entries, 0 or more.
  case badJournalLimit(String)

  /// A message fragment saying what is wrong, where, and what would be right, in plain text.
  public var message: String {
    switch self {
    case .fileSystem(let error):
      return error.description
    case .syntax(let file, let location, let message):
      return "\(file):\(location): \(message); the store was left unchanged: fix or remove it"
    case .notAnObject(let file, let found):
      return "\(file): expected the store to be a JSON object of overrides; found \(found); "
        + "the store was left unchanged: fix or remove it"
    case .wrongType(let file, let location, let key, let expected, let found):
      return
        "\(file):\(location): stored value of \"\(key)\" is \(found); expected \(expected)"
    case .noLocation(let reason):
      return reason
    case .backend(let error):
      return error.message
    case .journalUnreadable(let journal, let reason, let writing):
      return "cannot read the store's journal '\(journal)': \(Self.cause(reason))"
        + (writing ? "; nothing was written, as a journal that cannot be read is never replaced" : "")
    case .badJournalLimit(let text):
      return "SETTINGS_JOURNAL_LIMIT is '\(text)', not a number of journal entries"
    }
  }

  /// One text per problem: a backend's own, else the one message.
  public var messages: [String] {
    if case .backend(let error) = self { return error.messages }
    return [message]
  }

  /// Advice: reset a stored value of the wrong type; give a store path when none can be worked out.
  public var hint: String? {
    switch self {
    case .wrongType(_, _, let key, _, _):
      return "reset \"\(key)\" to go back to the default"
    case .noLocation:
      return "give the store's path explicitly"
    case .backend(let error):
      return error.hint
    case .journalUnreadable:
      return "make it a file settings can read, or move it away to start a new journal (without the history)"
    case .badJournalLimit:
      return "set it to a whole number, 0 or more (0 keeps none), or unset it for the default "
        + "(\(FileStore.defaultJournalLimit))"
    case .fileSystem, .syntax, .notAnObject:
      return nil
    }
  }

  /// Equal cases with equal values; two backend errors are equal when ``StoreBackendError/isSame(as:)``.
  public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
    switch (lhs, rhs) {
    case (.fileSystem(let a), .fileSystem(let b)): a == b
    case (.syntax(let a, let b, let c), .syntax(let d, let e, let f)): a == d && b == e && c == f
    case (.notAnObject(let a, let b), .notAnObject(let c, let d)): a == c && b == d
    case (.wrongType(let a, let b, let c, let d, let e), .wrongType(let f, let g, let h, let i, let j)):
      a == f && b == g && c == h && d == i && e == j
    case (.noLocation(let a), .noLocation(let b)): a == b
    case (.backend(let a), .backend(let b)): a.isSame(as: b)
    case (.journalUnreadable(let a, let b, let c), .journalUnreadable(let d, let e, let f)):
      a == d && b == e && c == f
    case (.badJournalLimit(let a), .badJournalLimit(let b)): a == b
    default: false
    }
  }

  /// The error as a write that failed says it: a journal that cannot be read is said to have
  /// stopped the write (`journalUnreadable(journal:reason:writing:)`); other errors as they are.
  package var writing: StoreError {
    guard case .journalUnreadable(let journal, let reason, _) = self else { return self }
    return .journalUnreadable(journal: journal, reason: reason, writing: true)
  }

  /// Why a file could not be read, without its path: "permission denied", "it is a directory", ….
  private static func cause(_ error: FileSystemError) -> String {
    switch error {
    case .notFound: "it does not exist"
    case .permissionDenied: "permission denied"
    case .readOnlyFileSystem: "the file system is read-only"
    case .isDirectory: "it is a directory"
    case .busy(_, let waited): "it stayed locked for \(waited) ms"
    case .io(_, _, let errno, let reason):
      // "Too many levels of symbolic links" reads on in lowercase; "RPC struct is bad" stays.
      (reason.dropFirst().first?.isLowercase == true
        ? reason.prefix(1).lowercased() + reason.dropFirst() : reason)
        + " (errno \(errno))"
    case .notRegularFile: "it is not a regular file (a device, FIFO or socket)"
    case .tooLarge(_, let limit): "it is larger than \(limit >> 20) MiB"
    }
  }
}
