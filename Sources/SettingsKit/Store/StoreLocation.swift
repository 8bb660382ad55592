import SettingsPOSIX

/// Works out where a document's store file lives: the rule behind ``StorePolicy``, the public way
/// to choose a store.
package enum StoreLocation {
  /// The store path for a document: `explicit` (from `--store`) when given, else `SETTINGS_STORE`,
  /// else `$XDG_CONFIG_HOME/settings/<id>.json`, with `~/.config` when `XDG_CONFIG_HOME` is unset,
  /// empty or relative (the XDG Base Directory Specification says to ignore a relative value).
  ///
  /// To write there, use ``store(forDocumentID:explicit:environment:)``, whose store never creates
  /// a home directory that does not exist.
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` when the id could leave that directory (it is
  ///   empty, all dots, or holds a `/`) or neither `XDG_CONFIG_HOME` nor `HOME` is usable.
  package static func path(
    forDocumentID id: String, explicit: String?, environment: [String: String]
  ) throws(StoreError) -> String {
    let path = try path(
      forDocumentID: id, explicit: explicit.map { SystemPath($0) },
      environmentPaths: environment.mapValues { SystemPath($0) })
    return String(decoding: path.bytes, as: UTF8.self)
  }

  /// The store path for a document, as ``path(forDocumentID:explicit:environment:)``
  /// works it out, from paths and environment values as bytes (they need not be UTF-8).
  package static func path(
    forDocumentID id: String, explicit: SystemPath?, environmentPaths environment: [String: SystemPath]
  ) throws(StoreError) -> SystemPath {
    try location(forDocumentID: id, explicit: explicit, environmentPaths: environment).path
  }

  /// The store path for a document, checked for writing: as
  /// ``path(forDocumentID:explicit:environmentPaths:)``, and when the path comes from
  /// `HOME` (`~/.config/settings/<id>.json`), the home directory must exist. Below it, `~/.config`
  /// and `~/.config/settings` are created as needed (mode `0o700`, as the XDG Base Directory
  /// specification says) by the first write; a home directory is never created.
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` as the unchecked path does, and when `HOME` names
  ///   no existing directory (checked with `stat(2)`): one that does not exist, or is not a directory.
  package static func checkedPath(
    forDocumentID id: String, explicit: SystemPath?, environmentPaths environment: [String: SystemPath]
  ) throws(StoreError) -> SystemPath {
    try checkedLocation(forDocumentID: id, explicit: explicit, environmentPaths: environment).path
  }

  /// ``checkedPath(forDocumentID:explicit:environmentPaths:)`` with the home directory the path
  /// was built from (`HOME`), or nil, for ``FileStore/home``.
  static func checkedLocation(
    forDocumentID id: String, explicit: SystemPath?, environmentPaths environment: [String: SystemPath]
  ) throws(StoreError) -> (path: SystemPath, home: SystemPath?) {
    let (path, home) = try location(forDocumentID: id, explicit: explicit, environmentPaths: environment)
    if let home, let problem = problem(withHome: home) { throw .noLocation(reason: problem) }
    return (path, home)
  }

  /// The store for a document, at ``path(forDocumentID:explicit:environment:)``; when the path
  /// comes from `HOME`, the store's ``FileStore/home`` is set, so a write never creates a home
  /// directory that does not exist (it creates only `~/.config/settings`, mode `0o700`, below an
  /// existing one) and fails saying why instead.
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` as ``path(forDocumentID:explicit:environment:)``.
  package static func store(
    forDocumentID id: String, explicit: String?, environment: [String: String]
  ) throws(StoreError) -> FileStore {
    let (path, home) = try location(
      forDocumentID: id, explicit: explicit.map { SystemPath($0) },
      environmentPaths: environment.mapValues { SystemPath($0) })
    return FileStore(path: path, home: home)
  }

  /// Why `home` (from `HOME`) cannot hold a store, as a message, or nil when it is an existing
  /// directory (checked with `stat(2)`, following symbolic links).
  static func problem(withHome home: SystemPath) -> String? {
    guard let status = FileSystem.status(of: home) else {
      return "the home directory '\(home)' (HOME) does not exist; settings does not create it: "
        + "set HOME to an existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept"
    }
    guard status.kind == .directory else {
      return "the home directory '\(home)' (HOME) is not a directory: "
        + "set HOME to an existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept"
    }
    return nil
  }

  /// The store path, and the home directory when the path was built from `HOME`.
  private static func location(
    forDocumentID id: String, explicit: SystemPath?, environmentPaths environment: [String: SystemPath]
  ) throws(StoreError) -> (path: SystemPath, home: SystemPath?) {
    if let explicit, !explicit.isEmpty { return (explicit, nil) }
    if let fromEnvironment = environment["SETTINGS_STORE"], !fromEnvironment.isEmpty {
      return (fromEnvironment, nil)
    }
    guard !id.isEmpty, !id.contains("/"), id.contains(where: { $0 != "." }), !id.contains("\0") else {
      throw .noLocation(
        reason: "document id \"\(id)\" cannot name a store file; "
          + "use ASCII letters, digits, '.', '-' and '_'")
    }
    let file = SystemPath("settings/" + id + ".json")
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.isAbsolute {
      return (xdg.appending(file), nil)
    } else if let home = environment["HOME"], home.isAbsolute {
      return (home.appending(".config").appending(file), home)
    } else {
      throw .noLocation(
        reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path")
    }
  }
}
