import SettingsEtcd
import SettingsKit
import SettingsPOSIX

extension CommandContext {
  /// The etcd endpoints from `--etcd` or `SETTINGS_ETCD`, or nil when the store is a file: an
  /// explicit `--store` wins over `SETTINGS_ETCD`, as the command line wins over the environment.
  var etcdEndpointList: String? {
    if let list = invocation[Options.etcd] { return list }
    if invocation[Options.store] != nil { return nil }
    if let list = environment["SETTINGS_ETCD"], !list.isEmpty { return list }
    return nil
  }

  /// The user's store of `document`: in etcd with `--etcd` / `SETTINGS_ETCD`, else the file at
  /// `--store`, `SETTINGS_STORE` or the XDG location; for a reading command with no file location,
  /// a store with no overrides.
  ///
  /// - Throws: both `--store` and `--etcd`, or an `--etcd-prefix` that does not end with `/` (64),
  ///   a bad endpoint (78), a password file that cannot be read or has an empty first line (66), or
  ///   no file location for a writing command (78).
  func userStore(for document: SettingsDocument, forWriting: Bool) throws(CommandError) -> any SettingsStore {
    if invocation[Options.etcd] != nil, invocation[Options.store] != nil {
      throw .usage(
        "'\(Options.store.definition.name)' and '\(Options.etcd.definition.name)' name two stores; give one",
        subcommand: invocation.subcommand)
    }
    guard let list = etcdEndpointList else {
      let path = forWriting ? try writableStorePath(for: document) : try storePath(for: document)
      return path.map { FileStore(path: $0) } ?? MemoryStore()
    }
    let endpoints: [EtcdEndpoint]
    do throws(EtcdError) {
      endpoints = try EtcdEndpoint.list(list)
    } catch {
      throw CommandError(error)
    }
    let prefix = invocation[Options.etcdPrefix] ?? "/settings/"
    guard prefix.hasSuffix("/") else {
      // `<prefix><document id>/<key>`: without the slash, `/kiosks` would give `/kiosksfleet/airplane`.
      throw .usage(
        "'\(Options.etcdPrefix.definition.name)' is '\(TerminalText.escaped(prefix))'; a prefix ends with '/' "
          + "(the document's id follows it): give '\(TerminalText.escaped(prefix))/'",
        subcommand: invocation.subcommand)
    }
    var store = EtcdStore(
      endpoints: endpoints, prefix: prefix, documentID: document.id,
      credentials: try etcdCredentials())
    var paths: [String: SystemPath] = [:]
    for name in ["XDG_CACHE_HOME", "HOME"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      paths[name] = bytes.path(forEnvironment: name, value: value)
    }
    store.lastKnownGood = DocumentCache.directory(environment: paths).map {
      EtcdLastKnownGood(directory: $0.appending(SystemPath("etcd")))
    }
    let subcommand = invocation.subcommand
    // The reading commands that take --no-stale. Not `dump`: its output is a store for `load`,
    // which a stale copy would roll back.
    store.allowsStaleReads =
      Options.noStale.definition.subcommands.contains(subcommand) && !invocation[Options.noStale]
    let warnings = warnings
    let staleReads = staleReads
    store.onStaleRead = { read in
      warnings.add(read.message)
      staleReads.record(read)
    }
    return store
  }

  /// The text of a `--json` answer: `value` pretty-printed, marked `"stale": true` with the copy's
  /// revision when a read came from the last-known-good copy (``StaleReadLog/marking(_:as:)``;
  /// a value that is not an object is then wrapped as `member`).
  func jsonText(_ value: JSONValue, wrappedAs member: String = "value") -> String {
    staleReads.marking(value, as: member)
  }

  /// `SETTINGS_ETCD_USER` with the first line of `--etcd-password-file`, or nil without a user.
  func etcdCredentials() throws(CommandError) -> EtcdCredentials? {
    guard let user = environment["SETTINGS_ETCD_USER"], !user.isEmpty else { return nil }
    guard let file = invocation[Options.etcdPasswordFile] else {
      throw CommandError(
        messages: [
          "SETTINGS_ETCD_USER is '\(TerminalText.escaped(user))' but no password file is given; "
            + "give \(Options.etcdPasswordFile.definition.synopsis)"
        ], status: .usage)
    }
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFile(at: path(forArgument: file), limit: 4096)
    } catch {
      throw CommandError(messages: [error.description], status: .noInput)
    }
    guard let bytes else {
      throw CommandError(messages: [FileSystemError.notFound(path: file).description], status: .noInput)
    }
    let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
    guard !line.isEmpty else {
      throw CommandError(
        messages: [
          "the password file '\(TerminalText.escaped(file))' has no password on its first line; write the "
            + "password of etcd user '\(TerminalText.escaped(user))' there"
        ], status: .noInput)
    }
    return EtcdCredentials(user: user, password: String(decoding: line, as: UTF8.self))
  }
}

extension CommandContext {
  /// The one rule of the long-running commands (`ui`, `serve`, `watch`) for a store out of reach:
  /// they read it once before they start, and when it cannot be reached (etcd down or a wrong
  /// endpoint) they exit 69 with the error `get` gives, having started nothing (`serve` prints no
  /// address). Once running, they live through outages (see the README, "etcd out of reach").
  /// Other store problems (a damaged file) are each command's own, as before.
  ///
  /// - Throws: the store's error, status 69, when it is out of reach.
  func requireReachableStore(_ settings: Settings) throws(CommandError) {
    do {
      _ = try settings.snapshot()
    } catch {
      let failure = CommandError(error)
      if failure.status == .unavailable { throw failure }
    }
  }
}
