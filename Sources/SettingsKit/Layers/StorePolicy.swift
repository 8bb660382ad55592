import SettingsPOSIX

/// Where a document's overrides are kept and which system files lie under them, worked out from
/// the environment and what was given explicitly, as `settings` does for every command.
///
/// The user's store is, first match wins:
/// 1. the ``backend`` at its explicit ``StoreBackend/address`` (`settings --etcd`);
/// 2. the file at ``storePath`` (`settings --store`);
/// 3. the ``backend`` at the value of its ``StoreBackend/environmentVariable`` (`SETTINGS_ETCD`),
///    when not empty;
/// 4. the file at `SETTINGS_STORE`, when not empty;
/// 5. `$XDG_CONFIG_HOME/settings/<id>.json`, or `$HOME/.config/settings/<id>.json` when
///    `XDG_CONFIG_HOME` is unset or relative; the home directory must exist.
///
/// When no file location can be worked out, a reading program sees the defaults (there can be no
/// overrides) and a writing one gets the reason as an error. The system files are
/// `settings/<id>.json` in each directory of `XDG_CONFIG_DIRS` (`/etc/xdg` by default), under
/// the user's store (``LayeredStore``).
///
/// ```swift
/// let policy = StorePolicy(documentID: document.id, environment: ProcessInfo.processInfo.environment)
/// let settings = Settings(document: document, layers: try policy.layers(forWriting: true))
/// ```
public struct StorePolicy: Sendable {
  /// The id of the document whose store this is (`<id>.json`).
  public var documentID: String
  /// The environment, for the backend's variable.
  public var environment: [String: String]
  /// The variables that hold paths (``pathVariables``), byte for byte; by default their UTF-8
  /// text from ``environment``.
  public var environmentPaths: [String: SystemPath]
  /// The store file given explicitly (`settings --store`), or nil; an empty path is as none.
  /// Given (even empty), it keeps the environment from choosing the ``backend``.
  public var storePath: SystemPath?
  /// The store that is not a file that may be chosen (etcd), or nil for files only.
  public var backend: (any StoreBackend)?

  /// The names of the variables whose values are paths.
  public static let pathVariables = [
    "SETTINGS_STORE", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_CACHE_HOME", "HOME",
  ]

  /// The policy for document `documentID` in `environment`, with the store file and the backend
  /// given explicitly, if any.
  public init(
    documentID: String, environment: [String: String], storePath: SystemPath? = nil,
    backend: (any StoreBackend)? = nil
  ) {
    self.documentID = documentID
    self.environment = environment
    var paths: [String: SystemPath] = [:]
    for name in Self.pathVariables {
      if let value = environment[name] { paths[name] = SystemPath(value) }
    }
    self.environmentPaths = paths
    self.storePath = storePath
    self.backend = backend
  }

  /// Which store the policy chooses (see ``StorePolicy``).
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` for a writing program (`forWriting`) when no file
  ///   location can be worked out: no usable `XDG_CONFIG_HOME` or `HOME`, a `HOME` that is not an
  ///   existing directory, or a document id that cannot name a file.
  package func selection(forWriting: Bool) throws(StoreError) -> StoreSelection {
    if let backend {
      if let address = backend.address { return .backend(address: address) }
      if storePath == nil, let address = environment[backend.environmentVariable], !address.isEmpty {
        return .backend(address: address)
      }
    }
    do {
      let (path, home) = try StoreLocation.checkedLocation(
        forDocumentID: documentID, explicit: storePath, environmentPaths: environmentPaths)
      return .file(path: path, home: home)
    } catch {
      if forWriting { throw error }
      return .defaults
    }
  }

  /// The store file's path, whether or not a ``backend`` is chosen (files kept beside the store,
  /// such as the screen's open sections, go beside it); nil when none can be worked out.
  public func filePath() -> SystemPath? {
    try? writableFilePath()
  }

  /// The store file's path, as ``filePath()``, for a program that writes there.
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` when none can be worked out.
  public func writableFilePath() throws(StoreError) -> SystemPath {
    try StoreLocation.checkedPath(
      forDocumentID: documentID, explicit: storePath, environmentPaths: environmentPaths)
  }

  /// The store of `selection`: a ``FileStore`` (which never creates a missing home directory), a
  /// ``MemoryStore`` with no overrides for ``StoreSelection/defaults``, or the ``backend``'s.
  ///
  /// - Throws: what the backend throws for its address; ``StoreError/badJournalLimit(_:)`` for a
  ///   file store when `SETTINGS_JOURNAL_LIMIT` is set (not empty) but not a whole number, 0 or more.
  package func store(for selection: StoreSelection) throws(StoreError) -> any SettingsStore {
    switch selection {
    case .file(let path, let home):
      var store = FileStore(path: path, home: home)
      // SETTINGS_JOURNAL_LIMIT: how many entries the journal keeps (0: none, only its base).
      if let text = environment["SETTINGS_JOURNAL_LIMIT"], !text.isEmpty {
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
          let limit = Int(text)
        else { throw .badJournalLimit(text) }
        store.journalLimit = limit
      }
      store.testKillPoint = environment["SETTINGS_TEST_KILL_AT"]
      return store
    case .defaults: return MemoryStore()
    case .backend(let address):
      guard let backend else {
        throw .noLocation(reason: "no store backend is given for the address '\(address)'")
      }
      return try backend.store(at: address, forDocumentID: documentID)
    }
  }

  /// The user's store the policy chooses (see ``StorePolicy``): a ``FileStore`` (which never creates
  /// a missing home directory), the ``backend``'s store, or, for a reading program with no file
  /// location, a ``MemoryStore`` with no overrides.
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` for a writing program (`forWriting`) when no file
  ///   location can be worked out; what the backend throws for its address;
  ///   ``StoreError/badJournalLimit(_:)`` for a file store when `SETTINGS_JOURNAL_LIMIT` is set (not
  ///   empty) but not a whole number, 0 or more.
  public func store(forWriting: Bool) throws(StoreError) -> any SettingsStore {
    try store(for: selection(forWriting: forWriting))
  }

  /// The system directories, highest first: the absolute paths of `XDG_CONFIG_DIRS`, else `/etc/xdg`.
  public var systemDirectories: [SystemPath] {
    LayeredStore.systemDirectories(environmentPaths: environmentPaths)
  }

  /// `$XDG_CACHE_HOME/settings`, else `~/.cache/settings`: where caches go (the etcd backend's
  /// last-known-good copies, compiled documents: the folder ``DocumentOptions/Cache/automatic``
  /// names); nil without either variable, and when `HOME` is not a directory.
  public var cacheDirectory: SystemPath? {
    DocumentCache.directory(environment: environmentPaths)
  }

  /// `user` with the document's system files under it, read now.
  public func layers(over user: any SettingsStore) -> LayeredStore {
    LayeredStore(user: user, documentID: documentID, directories: systemDirectories)
  }

  /// The user's store the policy chooses with the document's system files under it: what
  /// ``Settings/init(document:layers:)-(LoadedDocument,_)`` takes.
  ///
  /// - Throws: as ``store(forWriting:)``.
  public func layers(forWriting: Bool) throws(StoreError) -> LayeredStore {
    layers(over: try store(forWriting: forWriting))
  }
}

/// The store a ``StorePolicy`` chooses.
package enum StoreSelection: Sendable, Equatable {
  /// The store file at `path`; `home` is the home directory it was built from (`HOME`), or nil.
  case file(path: SystemPath, home: SystemPath?)
  /// The policy's backend, at `address`.
  case backend(address: String)
  /// No store: no file location can be worked out for a reading program, so there are no
  /// overrides and every value is its default.
  case defaults
}
