/// What a store holds that its document no longer matches, as `settings check` reports it.
public struct StoreCheck: Sendable, Equatable {
  /// A stored key that no item of the document has (nor names in `renamedFrom`); kept, but reported.
  public struct UnknownKey: Sendable, Equatable {
    /// The key, as stored.
    public var key: String
    /// Where its value starts in the store file.
    public var location: SourceLocation
    /// The stored value.
    public var storedValue: JSONValue
  }

  /// A deprecated item whose value is set in the store.
  public struct DeprecatedValue: Sendable, Equatable {
    /// The item's full key.
    public var key: String
    /// The item's `deprecated` message.
    public var message: String
  }

  /// A user override of an item that a system file locks: kept in the store, not used.
  public struct LockedValue: Sendable, Equatable {
    /// The item's full key.
    public var key: String
    /// The lock: the system file that holds it and its reason.
    public var lock: SettingLock
  }

  /// The store's name, as ``SettingsStore/name`` gives it.
  public var file: String
  /// Keys the document does not know, by key order (a top-level `"$schema"` is not one).
  public var unknownKeys: [UnknownKey]
  /// Stored values their items no longer accept.
  public var problems: [StoredValueProblem]
  /// Values waiting under earlier keys.
  public var renamedValues: [RenamedValue]
  /// Deprecated items that are set, by key order.
  public var deprecatedValues: [DeprecatedValue]
  /// Overrides of items a system file locks, by key order.
  public var lockedValues: [LockedValue]
  /// For a store that keeps each override under its own key (etcd), what comes before a key to
  /// name it (`etcd key /settings/app/`): an unknown key is named so, without a line and column.
  public var keyNamePrefix: String?

  /// Whether there is nothing to report.
  public var isClean: Bool {
    unknownKeys.isEmpty && problems.isEmpty && renamedValues.isEmpty && deprecatedValues.isEmpty
      && lockedValues.isEmpty
  }

  /// Checks `contents` against `document` under the `system` layers. Items files must be loaded
  /// (every key known), or their keys count as unknown.
  public init(
    document: SettingsDocument, contents: StoreContents, storeName: String, system: [SystemLayer] = []
  ) {
    let snapshot = SettingsSnapshot(
      document: document, contents: contents, storeName: storeName, system: system)
    file = storeName
    keyNamePrefix = contents.keyNamePrefix
    unknownKeys = snapshot.otherOverrides.keys.filter { $0 != "$schema" }.sorted().map { key in
      UnknownKey(key: key, location: contents.location(of: key), storedValue: contents.values[key]!)
    }
    problems = snapshot.problems
    renamedValues = snapshot.renamedValues
    var deprecated: [DeprecatedValue] = []
    document.forEachItem { item, _ in
      guard let key = item.key, let message = item.deprecated else { return }
      if snapshot.modified.contains(key) || snapshot.problem(of: item) != nil {
        deprecated.append(DeprecatedValue(key: key, message: message))
      }
    }
    deprecatedValues = deprecated.sorted { $0.key < $1.key }
    var locked: [LockedValue] = []
    if !system.isEmpty {
      document.forEachItem { item, _ in
        guard let key = item.key, contents.values[key] != nil, let lock = snapshot.lock(of: item) else {
          return
        }
        locked.append(LockedValue(key: key, lock: lock))
      }
    }
    lockedValues = locked.sorted { $0.key < $1.key }
  }

  /// Every finding as one line each: unknown keys, values that no longer fit, values under earlier
  /// keys, deprecated items that are set. Plain text.
  public var lines: [String] {
    func shown(_ text: String) -> String { "\"\(text)\"" }
    let name = file
    var lines = unknownKeys.map { unknown in
      let place =
        keyNamePrefix.map { $0 + unknown.key } ?? "\(name):\(unknown.location)"
      return "\(place): unknown key \(shown(unknown.key)); the document has no such item"
    }
    lines += problems.map(\.message)
    lines += renamedValues.map {
      "\(name): \(shown($0.oldKey)) is now \(shown($0.key))"
        + ($0.isRead
          ? "; its value moves on the next write" : "; \(shown($0.key)) is set too, so it is ignored")
    }
    lines += deprecatedValues.map { "\(shown($0.key)) is deprecated: \($0.message)" }
    lines += lockedValues.map {
      "\(shown($0.key)) is locked by \($0.lock.file): "
        + "\($0.lock.reason); its stored value is kept but not used"
    }
    return lines
  }

  /// The findings as JSON: `{"store", "clean", "unknownKeys", "invalidValues", "renamedKeys",
  /// "deprecated"}`.
  public var json: JSONValue {
    .object([
      ("store", .string(file)), ("clean", .bool(isClean)),
      (
        "unknownKeys",
        .array(
          unknownKeys.map {
            .object([
              ("key", .string($0.key)), ("line", .integer($0.location.line)),
              ("column", .integer($0.location.column)), ("value", $0.storedValue),
            ])
          })
      ),
      (
        "invalidValues",
        .array(
          problems.map {
            .object([
              ("key", .string($0.key)), ("line", .integer($0.location.line)),
              ("column", .integer($0.location.column)),
              ("value", StoredValueProblem.masked($0.storedValue, secure: $0.isSecure)),
              ("expected", .string($0.expected)),
              ("default", StoredValueProblem.masked($0.defaultValue?.json ?? .null, secure: $0.isSecure)),
            ])
          })
      ),
      (
        "renamedKeys",
        .array(
          renamedValues.map {
            .object([
              ("from", .string($0.oldKey)), ("to", .string($0.key)), ("value", $0.storedValue),
              ("read", .bool($0.isRead)),
            ])
          })
      ),
      (
        "deprecated",
        .array(
          deprecatedValues.map { .object([("key", .string($0.key)), ("message", .string($0.message))]) })
      ),
      ("locked", .array(lockedValues.map { .object([("key", .string($0.key)), ("lock", $0.lock.json)]) })),
    ])
  }
}

extension Settings {
  /// Checks the store against the document (``StoreCheck``).
  ///
  /// - Throws: ``SettingsError/store(_:)`` when the store cannot be read or parsed.
  public func check() throws(SettingsError) -> StoreCheck {
    let contents: StoreContents
    do {
      contents = try store.read()
    } catch {
      throw .store(error)
    }
    return StoreCheck(document: document, contents: contents, storeName: store.name, system: layers.system)
  }

  /// Repairs what ``check()`` finds, in one locked, atomic update: values under earlier keys move
  /// to their items' keys, values their items no longer accept are removed (the items read as
  /// their defaults, as they already did), and with `droppingUnknownKeys` the keys the document
  /// does not know are removed too (a top-level `"$schema"` stays). Deprecated items keep their
  /// values, and so do locked ones (the value is the user's, for when the lock goes).
  ///
  /// - Returns: the changes of value (moving a value under its new key changes none).
  @discardableResult
  public func fix(droppingUnknownKeys: Bool = false) throws(SettingsError) -> [SettingChange] {
    try change { (snapshot, contents) throws(SettingsError) in
      let check = StoreCheck(document: document, contents: contents, storeName: store.name)
      for problem in check.problems {
        contents.values.removeValue(forKey: problem.key)
        // A stored value that is not JSON (etcd) goes too.
        if problem.notJSON != nil { contents.unparsed.removeValue(forKey: problem.key) }
        for renamed in check.renamedValues where renamed.key == problem.key && renamed.isRead {
          contents.values.removeValue(forKey: renamed.oldKey)
        }
      }
      if droppingUnknownKeys {
        for unknown in check.unknownKeys { contents.values.removeValue(forKey: unknown.key) }
      }
      return []
    }
  }
}
