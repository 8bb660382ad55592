import SettingsPOSIX

/// Per-user view state of a screen: which collapsible sections are open. Kept apart from the
/// values, in its own file beside the store, and never mixed into them.
public struct ViewState: Sendable, Equatable {
  /// Open (true) or closed (false) by section name; a section not listed has its shipped state.
  public var expanded: [String: Bool]

  /// Creates a view state.
  public init(expanded: [String: Bool] = [:]) {
    self.expanded = expanded
  }

  /// The name a section's state is kept under: its `id`, else `sections[N]`.
  public static func name(of section: SettingSection, at index: Int) -> String {
    section.id ?? "sections[\(index)]"
  }

  /// Whether the section is open: its recorded state, else as shipped.
  public func isExpanded(_ section: SettingSection, at index: Int) -> Bool {
    expanded[Self.name(of: section, at: index)] ?? section.isExpandedByDefault
  }

  /// The view state file beside a store: `x.json` → `x.view.json`, anything else + `.view.json`.
  public static func path(besideStore storePath: String) -> String {
    (storePath.hasSuffix(".json") ? String(storePath.dropLast(5)) : storePath) + ".view.json"
  }

  /// The view state file beside a store: `x.json` → `x.view.json`, anything else + `.view.json`.
  public static func path(besideStore storePath: SystemPath) -> SystemPath {
    let base =
      storePath.hasSuffix(".json") ? SystemPath(bytes: Array(storePath.bytes.dropLast(5))) : storePath
    return base.addingSuffix(".view.json")
  }

  /// Reads the view state from the path with `path`'s UTF-8 bytes; see ``read(from:)-(SystemPath)``.
  public static func read(from path: String) -> (state: ViewState, warning: String?) {
    read(from: SystemPath(path))
  }

  /// Reads the view state from `path`; a missing or empty file is an empty state.
  ///
  /// Open and closed sections are cosmetic, so a damaged file (not JSON, not an object of
  /// booleans, unreadable) never stops a screen: it reads as an empty state, and the warning says
  /// which file was ignored and why. The next ``record(_:forSection:at:)-(_,_,SystemPath)`` replaces it.
  ///
  /// - Returns: the state, and a warning (a message fragment) when the file was ignored.
  public static func read(from path: SystemPath) -> (state: ViewState, warning: String?) {
    do {
      let contents = try FileStore(path: path).read()
      var state = ViewState()
      // In file order, so that the warning names the first damaged entry every time.
      for (name, value) in contents.values.sorted(by: { $0.value.offset < $1.value.offset }) {
        guard case .bool(let flag) = value.kind else {
          return (
            ViewState(),
            warning(
              path,
              "\(contents.location(of: name)): \"\(name)\" is \(value.typeDescription); "
                + "expected true or false")
          )
        }
        state.expanded[name] = flag
      }
      return (state, nil)
    } catch {
      let reason =
        switch error {
        case .syntax(_, let location, let message): "\(location): \(message)"
        case .notAnObject(_, let found): "expected an object of true or false by section; found \(found)"
        case .fileSystem(let error): error.description
        case .wrongType(_, _, _, _, let found): found
        case .noLocation(let reason): reason
        case .backend(let error): error.message
        case .journalUnreadable, .badJournalLimit: error.message
        }
      return (ViewState(), warning(path, reason))
    }
  }

  static func warning(_ path: SystemPath, _ reason: String) -> String {
    "ignored the view-state file \(path) (\(reason)); "
      + "sections show as shipped until the next expand or collapse replaces it"
  }

  /// Records one section's state in the file at `path`, atomically and under its lock. A damaged
  /// file (see ``read(from:)-(SystemPath)``) is replaced by one that holds only this section's state.
  ///
  /// - Throws: ``StoreError/fileSystem(_:)`` when the file cannot be written.
  public static func record(_ isExpanded: Bool, forSection name: String, at path: String) throws(StoreError) {
    try record(isExpanded, forSection: name, at: SystemPath(path))
  }

  /// Records one section's state in the file at `path`; see ``record(_:forSection:at:)-(_,_,String)``.
  public static func record(_ isExpanded: Bool, forSection name: String, at path: SystemPath)
    throws(StoreError)
  {
    let store = FileStore(path: path)
    do {
      try store.updateSettings { (contents: inout StoreContents) throws(SettingsError) in
        // An object holding anything but booleans is damaged: start again from this section alone.
        let isDamaged = contents.values.values.contains { value in
          if case .bool = value.kind { false } else { true }
        }
        if isDamaged { contents.values = [:] }
        contents.values[name] = .bool(isExpanded)
      }
    } catch {
      guard case .store(let error) = error else {
        preconditionFailure("recording a section's state refuses nothing")
      }
      guard case .fileSystem = error else {
        // Not JSON, or not an object: start again from this section alone.
        return try replace(path, with: [name: isExpanded])
      }
      throw error
    }
  }

  /// Writes a fresh view-state file, under the same lock as the store's writers.
  static func replace(_ path: SystemPath, with states: [String: Bool]) throws(StoreError) {
    let contents = StoreContents(values: states.mapValues { JSONValue(.bool($0)) })
    do {
      let lockPath = FileSystem.resolvingSymbolicLinks(path).addingSuffix(".lock")
      try FileLock.withLock(at: lockPath, timeoutMilliseconds: 5000) {
        try AtomicFile.write(Array(contents.text.utf8), to: path)
      }
    } catch let error as FileSystemError {
      throw .fileSystem(error)
    } catch {
      throw .noLocation(reason: "\(error)")
    }
  }
}
