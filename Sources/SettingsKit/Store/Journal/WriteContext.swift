import SettingsPOSIX

/// Who makes a change and how, as its journal entry records it (``JournalEntry``).
///
/// ``Settings/writeContext`` is given to every write; the CLI names its command (`set`, `undo`, …)
/// and the `--message`, an embedding app names itself (``embeddingApp``, the default, uses the
/// process's name).
public struct WriteContext: Sendable, Equatable {
  /// How the change was made: `set`, `toggle`, `reset`, `load`, `check --fix`, `undo`, `ui`,
  /// `serve`, `outside` (a change made behind the tool's back), or an app's name.
  public var how: String
  /// Why, in the writer's words (`--message`); nil when none was given.
  public var message: String?
  /// The user: the effective user's login name in the user database (`getpwuid_r(geteuid())`),
  /// else `$USER`, else `$LOGNAME`, else `uid N`. The database first: the environment is the
  /// caller's to set (`sudo` keeps `$USER` in some setups, a service may have none).
  public var user: String
  /// This machine's host name.
  public var host: String
  /// The program: the last component of the process's first argument.
  public var program: String
  /// The process id.
  public var pid: Int

  /// A context for this process, making changes `how`, with `message`.
  public init(how: String, message: String? = nil) {
    self.how = how
    self.message = message
    user = Self.userName
    host = systemHostName()
    program = Self.processName
    pid = Int(systemGetpid())
  }

  /// A context with every field given (for entries read back, and tests).
  public init(how: String, message: String?, user: String, host: String, program: String, pid: Int) {
    self.how = how
    self.message = message
    self.user = user
    self.host = host
    self.program = program
    self.pid = pid
  }

  /// The context of a change made behind the tool's back (a hand edit, `etcdctl put`): made
  /// `outside`, by an author not known (no user, host, program or process id), whoever noticed it.
  public static let outside = WriteContext(
    how: "outside", message: nil, user: "", host: "", program: "", pid: 0)

  /// Whether the author is known: false for an ``outside`` change, which names nobody.
  public var isAuthorKnown: Bool { !user.isEmpty || !host.isEmpty || !program.isEmpty || pid != 0 }

  /// The effective user's name, as ``user`` describes it.
  static var userName: String {
    let uid = systemEffectiveOwner().owner
    if let name = systemUserName(uid) { return name }
    let environment = Dictionary(
      systemEnvironment().map {
        (String(decoding: $0.name, as: UTF8.self), String(decoding: $0.value, as: UTF8.self))
      },
      uniquingKeysWith: { first, _ in first })
    return [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
      ?? "uid \(uid)"
  }

  /// The process's name: the last component of its first argument.
  static var processName: String {
    let first = CommandLine.arguments.first ?? "app"
    return first.split(separator: "/").last.map(String.init) ?? first
  }

  /// An app embedding the library, named by its process name.
  public static var embeddingApp: WriteContext { WriteContext(how: processName) }
}
