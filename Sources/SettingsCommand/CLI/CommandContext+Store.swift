import SettingsEtcd
import SettingsKit
import SettingsPOSIX

extension CommandContext {
  /// The store policy of `document` (``StorePolicy``) as the command line sets it: `--store`, the
  /// environment byte for byte, and etcd at `--etcd` or `SETTINGS_ETCD` under `--etcd-prefix`,
  /// with its last-known-good copies in the cache folder, answering the reading commands from them
  /// (with a warning) unless `--no-stale`.
  func storePolicy(for document: SettingsDocument) -> StorePolicy {
    var policy = StorePolicy(
      documentID: document.id, environment: environment,
      storePath: invocation[Options.store].map { path(forArgument: $0) })
    policy.environmentPaths = environmentPaths
    // The reading commands that take --no-stale. Not `dump`: its output is a store for `load`,
    // which a stale copy would roll back.
    var etcd = EtcdStoreBackend(
      address: invocation[Options.etcd], prefix: invocation[Options.etcdPrefix] ?? EtcdStore.defaultPrefix,
      cacheDirectory: policy.cacheDirectory,
      allowsStaleReads: Options.noStale.definition.subcommands.contains(invocation.subcommand)
        && !invocation[Options.noStale])
    let warnings = warnings
    let staleReads = staleReads
    etcd.onStaleRead = { read in
      warnings.add(read.message)
      staleReads.record(read)
    }
    policy.backend = etcd
    return policy
  }

  /// The user's store of `document`, as ``storePolicy(for:)`` chooses it: in etcd with `--etcd` /
  /// `SETTINGS_ETCD`, else the file at `--store`, `SETTINGS_STORE` or the XDG location; for a
  /// reading command with no file location, a store with no overrides.
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
    let policy = storePolicy(for: document)
    let selection: StoreSelection
    do throws(StoreError) {
      selection = try policy.selection(forWriting: forWriting)
    } catch {
      throw CommandError(error)
    }
    guard case .backend(let list) = selection, var etcd = policy.backend as? EtcdStoreBackend else {
      do throws(StoreError) {
        return try policy.store(for: selection)
      } catch {
        throw CommandError(error)
      }
    }
    let endpoints: [EtcdEndpoint]
    do throws(EtcdError) {
      endpoints = try EtcdEndpoint.list(list)
    } catch {
      throw CommandError(error)
    }
    do throws(EtcdError) {
      // Checked before the password file is read, as the flag is the first thing to fix.
      try EtcdStore.checkPrefix(etcd.prefix)
    } catch {
      throw .usage(
        "'\(Options.etcdPrefix.definition.name)' is '\(TerminalText.escaped(etcd.prefix))'; "
          + TerminalText.escaped(EtcdError.prefixRule(etcd.prefix)),
        subcommand: invocation.subcommand)
    }
    etcd.credentials = try etcdCredentials()
    do throws(EtcdError) {
      return try etcd.store(endpoints: endpoints, forDocumentID: document.id)
    } catch {
      throw CommandError(error)
    }
  }

  /// The user's store of `document` (``userStore(for:forWriting:)``) with the system files under
  /// it (``StorePolicy/layers(over:)``). Each system file that is ignored, and each value in one
  /// that its item does not accept, is a warning, unless `warning` is false (a partial document
  /// cannot tell every value's item: the whole one is loaded, and warned about, when system files
  /// apply).
  func layers(
    for document: SettingsDocument, forWriting: Bool, warning: Bool = true
  ) throws(CommandError) -> LayeredStore {
    let user = try userStore(for: document, forWriting: forWriting)
    let layers = storePolicy(for: document).layers(over: user)
    if warning { warn(about: layers, of: document) }
    return layers
  }

  /// Warns about each system file of `layers` that is ignored, and each value in one that its
  /// item in `document` does not accept.
  func warn(about layers: LayeredStore, of document: SettingsDocument) {
    for ignored in layers.ignored { warnings.add(ignored.message) }
    if !layers.system.isEmpty {
      let snapshot = SettingsSnapshot(
        document: document, contents: StoreContents(), storeName: "", system: layers.system)
      for problem in snapshot.systemProblems { warnings.add(problem.message) }
    }
  }

  /// The store file's path of `document` (``StorePolicy/writableFilePath()``), beside which `ui` and
  /// `expand` record the open sections, with etcd too.
  ///
  /// - Throws: exit status 78 (config) when no location can be worked out (no `HOME`, or one that
  ///   does not exist).
  func storeFilePath(for document: SettingsDocument) throws(CommandError) -> SystemPath {
    do throws(StoreError) {
      return try storePolicy(for: document).writableFilePath()
    } catch {
      throw CommandError(error)
    }
  }

  /// The variables of ``StorePolicy/pathVariables``, byte for byte.
  var environmentPaths: [String: SystemPath] {
    var paths: [String: SystemPath] = [:]
    for name in StorePolicy.pathVariables {
      guard let value = environment[name] else { continue }
      paths[name] = bytes.path(forEnvironment: name, value: value)
    }
    return paths
  }

  /// The text of a `--json` answer: `value` pretty-printed, marked `"stale": true` with the copy's
  /// revision when a read came from the last-known-good copy (``StaleReadLog/marking(_:as:)``;
  /// a value that is not an object is then wrapped as `member`).
  func jsonText(_ value: JSONValue, wrappedAs member: String = "value") -> String {
    staleReads.marking(value, as: member)
  }

  /// `SETTINGS_ETCD_USER` with the first line of `--etcd-password-file`, or nil without a user.
  private func etcdCredentials() throws(CommandError) -> EtcdCredentials? {
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
      throw CommandError(messages: [TerminalText.escaped(error.description)], status: .noInput)
    }
    guard let bytes else {
      throw CommandError(
        messages: [TerminalText.escaped(FileSystemError.notFound(path: file).description)], status: .noInput)
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
  /// address); when what answers is not etcd, or refuses the user, they exit with `get`'s status
  /// too (78, 77). Once running, they live through outages (see docs/ETCD.md, "Reads, and etcd out of reach").
  /// Other store problems (a damaged file) are each command's own, as before.
  ///
  /// - Throws: the store's error, with `get`'s status, when a store that is not a file fails.
  func requireReachableStore(_ settings: Settings) throws(CommandError) {
    // A read of the store, not a snapshot: the screen makes its own (on 100 000 items a snapshot
    // was a third of `ui`'s first screen).
    do {
      _ = try settings.store.read()
    } catch {
      if case .backend = error { throw CommandError(SettingsError.store(error)) }
    }
  }
}
