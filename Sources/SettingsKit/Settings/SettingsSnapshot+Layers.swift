extension SettingsSnapshot {
  /// Where the current value of `item` comes from: `default`, a system file, the user's store, or
  /// the lock that fixes it; also for an item decoded after the snapshot was taken.
  public func source(of item: SettingItem) -> ValueSource {
    guard let key = item.key else { return .default }
    if let source = sources[key] { return source }
    // Nothing but the default can give a value: no system layer, no stored value of another key.
    if system.isEmpty, otherOverrides.isEmpty { return .default }
    if defaultValue(forKey: key) != nil { return .default }
    // An item decoded later (from an items file): its layers are looked at now.
    let lock = lock(of: item)
    if lock == nil, let stored = otherOverrides[key], Self.accepted(stored, by: item) != nil { return .user }
    // A value read under its first stored earlier key (renamedFrom) is the user's too.
    if lock == nil, otherOverrides[key] == nil,
      let stored = item.renamedFrom?.lazy.compactMap({ otherOverrides[$0] }).first,
      Self.accepted(stored, by: item) != nil
    {
      return .user
    }
    return systemValue(of: item, key: key, lock: lock).source
  }

  /// The lock on `item`, when a system file locks its key, a section or a page holding it.
  ///
  /// Items of an items file that were decoded after the snapshot was taken are locked by their key
  /// only.
  public func lock(of item: SettingItem) -> SettingLock? {
    guard let key = item.key else { return nil }
    if let lock = locks[key] { return lock }
    guard !system.isEmpty, defaultValue(forKey: key) == nil else { return nil }
    return system.lazy.compactMap { layer in
      layer.locked[key].map { SettingLock(file: layer.file, reason: $0, scope: .key(key)) }
    }.first
  }

  /// The value `item` has without the user's override: what a reset leaves, from the system
  /// layers or the default.
  public func valueWithoutOverride(of item: SettingItem) -> SettingValue? {
    guard let key = item.key else { return Self.defaultValue(of: item) }
    if let value = systemValues[key] { return value }
    if let value = defaultValue(forKey: key) { return value }
    return systemValue(of: item, key: key, lock: lock(of: item)).value
  }

  /// The source of `key`'s value without the user's override.
  func sourceWithoutOverride(ofKey key: String) -> ValueSource {
    systemSources[key] ?? .default
  }

  /// The value and source that the system layers (up to a lock's file) and the default give `item`.
  func systemValue(of item: SettingItem, key: String, lock: SettingLock?)
    -> (value: SettingValue?, source: ValueSource)
  {
    var value = Self.defaultValue(of: item)
    var source = ValueSource.default
    // A lock fixes what the layers up to its file give: the layers above it do not count.
    let lowestCounted = lock.flatMap { lock in system.firstIndex { $0.file == lock.file } } ?? 0
    for index in system.indices.reversed() where index >= lowestCounted {
      guard let stored = system[index].values[key], let accepted = Self.accepted(stored, by: item) else {
        continue
      }
      value = accepted
      source = .system(file: system[index].file)
    }
    if let lock { source = .locked(file: lock.file) }
    return (value, source)
  }

  /// Reads the system layers over the defaults: each key's value and source without the user's
  /// override, the locks, and the system values the items do not accept.
  mutating func apply(system layers: [SystemLayer], document: SettingsDocument) {
    guard !layers.isEmpty else { return }
    let layers = renamedKeys.isEmpty ? layers : layers.map { $0.followingRenames(renamedKeys) }
    system = layers
    if layers.contains(where: { !$0.locked.isEmpty }) {
      (locks, itemsFileLocks) = Self.locks(in: document, layers: layers)
    }
    var keys = Set(locks.keys)
    for layer in layers { keys.formUnion(layer.values.keys) }
    for key in keys {
      guard let item = itemsByKey[key] else {
        // Locked, and no system file gives it a value: the default, fixed.
        if let lock = locks[key], defaultValue(forKey: key) != nil {
          systemSources[key] = .locked(file: lock.file)
          sources[key] = .locked(file: lock.file)
        }
        continue
      }
      let (value, source) = systemValue(of: item, key: key, lock: locks[key])
      guard source != .default else { continue }
      if let value {
        systemValues[key] = value
        overriddenValues[key] = value
      }
      systemSources[key] = source
      sources[key] = source
    }
    for layer in layers {
      let locator = SourceLocator(layer.source)
      for (key, stored) in layer.values.sorted(by: { $0.key < $1.key }) {
        guard let item = itemsByKey[key], Self.accepted(stored, by: item) == nil else { continue }
        systemProblems.append(
          StoredValueProblem(
            key: key, file: layer.file, location: locator.location(ofOffset: stored.offset),
            storedValue: stored, expected: StoredValueProblem.expected(by: item), defaultValue: nil,
            isSecure: item.isSecure))
      }
    }
  }

  /// The lock of every keyed item of `document` that one of `layers` locks, by key: by its key, a
  /// section holding it (by id) or a page holding it (by its item's key). The highest layer that
  /// locks an item holds its lock; within a file, the key's own lock comes first, then the nearest
  /// section or page. Also the lock of each section whose items come from an items file, by the
  /// file's name, for its items decoded later (``lockItems(_:ofSection:)``).
  static func locks(in document: SettingsDocument, layers: [SystemLayer])
    -> (items: [String: SettingLock], itemsFiles: [String: SettingLock])
  {
    var result: [String: SettingLock] = [:]
    var itemsFiles: [String: SettingLock] = [:]
    func walk(_ sections: [SettingSection], _ scopes: [SettingLock.Scope]) {
      for section in sections {
        let sectionScopes = section.id.map { [SettingLock.Scope.section($0)] + scopes } ?? scopes
        if let file = section.itemsFile, let lock = firstLock(sectionScopes, layers) {
          itemsFiles[file] = lock
        }
        for item in section.items {
          guard let key = item.key else { continue }
          let candidates = [SettingLock.Scope.key(key)] + sectionScopes
          if let lock = firstLock(candidates, layers) { result[key] = lock }
          if let page = item.page { walk(page.sections, [.page(key)] + sectionScopes) }
        }
      }
    }
    walk(document.sections, [])
    return (result, itemsFiles)
  }

  /// Puts the lock of `section` (locked by its id or a page holding it) on `items`, read from its
  /// items file after the snapshot was taken; an item whose own key is locked keeps that lock.
  public mutating func lockItems(_ items: [SettingItem], ofSection section: SettingSection) {
    guard let file = section.itemsFile, let lock = itemsFileLocks[file] else { return }
    for item in items {
      guard let key = item.key, defaultValue(forKey: key) == nil, self.lock(of: item) == nil else { continue }
      locks[key] = lock
      sources[key] = .locked(file: lock.file)
    }
  }

  private static func firstLock(_ scopes: [SettingLock.Scope], _ layers: [SystemLayer]) -> SettingLock? {
    for layer in layers {
      for scope in scopes {
        let name =
          switch scope {
          case .key(let name), .section(let name), .page(let name): name
          }
        if let reason = layer.locked[name] {
          return SettingLock(file: layer.file, reason: reason, scope: scope)
        }
      }
    }
    return nil
  }
}
