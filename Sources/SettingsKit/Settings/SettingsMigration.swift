/// One step of a migration of stored overrides, run by ``Settings/migrate(_:)`` at start-up (as
/// KConfig's `kconf_update` and VS Code's setting migrations do).
public enum MigrationStep: Sendable, Equatable {
  /// Moves the value stored under `from` to `to`; when `to` is stored already, it wins and `from`
  /// is removed. Nothing happens when `from` is not stored.
  case rename(from: String, to: String)
  /// Replaces the stored value of `key` by the mapping whose `from` equals it (as JSON); other
  /// values are left as they are.
  case mapValues(key: String, [ValueMapping])
  /// Removes the stored value of `key`.
  case drop(String)

  /// One value replaced by another: `ValueMapping(from: .bool(true), to: .string("always"))`.
  public struct ValueMapping: Sendable, Equatable {
    /// The stored value to replace.
    public var from: JSONValue
    /// The value that replaces it.
    public var to: JSONValue

    /// Creates a mapping.
    public init(from: JSONValue, to: JSONValue) {
      self.from = from
      self.to = to
    }
  }

  /// The step as messages name it: `rename 'dnd' to 'focus'`.
  public var summary: String {
    func shown(_ text: String) -> String { "'\(text)'" }
    return switch self {
    case .rename(let from, let to): "rename \(shown(from)) to \(shown(to))"
    case .mapValues(let key, _): "map the values of \(shown(key))"
    case .drop(let key): "drop \(shown(key))"
    }
  }

  /// The key whose value the step writes, if it writes one.
  var writtenKey: String? {
    switch self {
    case .rename(_, let to): to
    case .mapValues(let key, _): key
    case .drop: nil
    }
  }

  /// Applies the step to `values`.
  func apply(to values: inout [String: JSONValue]) {
    switch self {
    case .rename(let from, let to):
      guard let stored = values.removeValue(forKey: from) else { return }
      if values[to] == nil { values[to] = stored }
    case .mapValues(let key, let mappings):
      guard let stored = values[key] else { return }
      if let mapping = mappings.first(where: { JSONValue.same($0.from, stored) }) { values[key] = mapping.to }
    case .drop(let key):
      values.removeValue(forKey: key)
    }
  }
}

extension JSONValue {
  /// Whether two values are the same JSON, wherever they stood in their sources.
  /// Compared as their texts would be (`JSONWriter`, members sorted by name), without writing them:
  /// a 10 000-element list is compared at every write of the store.
  package static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let writer = JSONWriter()
      return zip(writer.ordered(a), writer.ordered(b)).allSatisfy {
        $0.name == $1.name && same($0.value, $1.value)
      }
    default: return false
    }
  }
}

extension Settings {
  /// Runs `steps` in order on the stored overrides, as one locked, atomic update: either every
  /// step applies or nothing changes.
  ///
  /// After each step, a value it writes must be one the document accepts for that key (checked as
  /// the store is read: a switch takes `true` or `false`, a choice item one of its values); a
  /// renamed key must be one the document has. Running the same steps again changes nothing.
  /// Values waiting under earlier keys (`renamedFrom`) move too, as on every write.
  ///
  /// - Returns: the changes of value, by key order; ``Settings/changes(_:)`` reports the same.
  /// - Throws: ``SettingsError/migrationRejected(step:summary:key:value:expected:)`` (nothing is
  ///   written), ``SettingsError/unknownKey(_:suggestion:)`` for a rename to a key the document
  ///   does not have, ``SettingsError/store(_:)``.
  @discardableResult
  public func migrate(_ steps: [MigrationStep]) throws(SettingsError) -> [SettingChange] {
    for step in steps {
      if case .rename(_, let to) = step, document.locate(to) == nil {
        throw .unknownKey(to, suggestion: Suggestion.closest(to: to, in: document.keys))
      }
    }
    return try change { (snapshot, contents) throws(SettingsError) in
      var values = contents.values
      for (index, step) in steps.enumerated() {
        let before = step.writtenKey.flatMap { values[$0] }
        step.apply(to: &values)
        // Only a value the step wrote is checked: a value already stored stays as the store has it.
        guard let key = step.writtenKey, let stored = values[key], let item = document.locate(key)?.item,
          before.map({ !JSONValue.same($0, stored) }) ?? true
        else { continue }
        if SettingsSnapshot.accepted(stored, by: item) == nil {
          throw .migrationRejected(
            step: index + 1, summary: step.summary, key: key, value: stored,
            expected: StoredValueProblem.expected(by: item))
        }
      }
      contents.values = values
      let after = SettingsSnapshot(document: document, contents: contents, storeName: store.name)
      return snapshot.changes(to: after)
    }
  }
}

extension SettingsSnapshot {
  /// The changes of value from this snapshot to `after`, by key order.
  func changes(to after: SettingsSnapshot) -> [SettingChange] {
    after.keysWithChangedValues(from: self).sorted().compactMap { key in
      guard let old = value(forKey: key), let new = after.value(forKey: key), old != new else { return nil }
      return SettingChange(key: key, oldValue: old, newValue: new)
    }
  }
}
