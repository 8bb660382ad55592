extension DocumentDecoder {
  /// A condition waiting for every key to be known: `"enabledWhen": {"airplane": false}`.
  struct PendingCondition {
    /// The full key of the item that has the condition.
    var ownerKey: String
    /// `enabledWhen` or `visibleWhen`.
    var field: String
    /// The key as written.
    var key: String
    var value: SettingCondition
    var path: String
    var nameOffset: Int
    var valueOffset: Int
    /// The full key prefix of the owner's page, for resolving a sibling's local key first.
    var pagePrefix: String
  }

  /// Resolves every `enabledWhen` and `visibleWhen` key to a full key, checks that the controlling
  /// item has a value of the right kind, and refuses cycles; the owners get the resolved conditions.
  ///
  /// A key is looked up as a sibling on the owner's page first, then as a full dot path, then as an
  /// item's own key where only one item has it.
  mutating func resolveConditions(in document: inout SettingsDocument) {
    guard !pendingConditions.isEmpty else { return }
    var byKey: [String: SettingItem] = [:]
    var keys: [String] = []
    document.forEachItem { item, _ in
      guard let key = item.key else { return }
      byKey[key] = item
      keys.append(key)
    }
    let resolved = resolvePendingConditions(keys: keys) { byKey[$0].map(CompiledRow.init(fieldsOf:)) }
    guard !resolved.isEmpty else { return }
    document.updateEachItem { item, _ in
      guard let key = item.key, let fields = resolved[key] else { return }
      item.enabledWhen = fields["enabledWhen"]
      item.visibleWhen = fields["visibleWhen"]
    }
  }

  /// ``resolveConditions(in:)`` for a document whose top page's items went to ``compiling``: the
  /// fields of the items that conditions name are read again from the map to be checked (no
  /// ``SettingItem`` is built), and the rows get the resolved conditions.
  mutating func resolveCompiledConditions() {
    guard !pendingConditions.isEmpty, var collector = compiling else { return }
    let scratch = DocumentDecoder(map: map, source: source, locales: locales)
    let resolved = resolvePendingConditions(keys: collector.keys()) {
      collector.fields(withKey: $0, decoder: scratch)
    }
    collector.apply(resolved)
    compiling = collector
  }

  /// Resolves ``pendingConditions`` against the document's full `keys` (in
  /// ``SettingsDocument/forEachItem(_:)`` order), reporting what is wrong; `controller` gives the
  /// fields of the item of a key. The resolved conditions by owner's full key, then field, then controller key.
  mutating func resolvePendingConditions(keys: [String], controller: (String) -> CompiledRow?)
    -> [String: [String: [String: SettingCondition]]]
  {
    let known = Set(keys)
    var byLocalKey: [String: [String]] = [:]
    for key in keys {
      let local = key.lastIndex(of: ".").map { String(key[key.index(after: $0)...]) } ?? key
      byLocalKey[local, default: []].append(key)
    }
    var resolved: [String: [String: [String: SettingCondition]]] = [:]  // owner → field → key → value
    var edges: [String: [(controller: String, edge: PendingCondition)]] = [:]
    for condition in pendingConditions {
      let memberPath = Self.join(condition.path, condition.key)
      var controllerKey: String?
      if known.contains(condition.pagePrefix + condition.key) {
        controllerKey = condition.pagePrefix + condition.key
      } else if known.contains(condition.key) {
        controllerKey = condition.key
      } else if let candidates = byLocalKey[condition.key] {
        if candidates.count == 1 {
          controllerKey = candidates[0]
        } else {
          report(
            memberPath, condition.nameOffset,
            "key \(shown(condition.key)) is ambiguous; use one of "
              + candidates.map(shown).joined(separator: ", "))
          continue
        }
      }
      guard let controllerKey, let controller = controller(controllerKey) else {
        // Full keys, and the own keys that name one item (a typo of a key on the same page).
        let names = known.union(byLocalKey.filter { $0.value.count == 1 }.keys)
        let hint =
          Suggestion.closest(to: condition.key, in: names.sorted()).map {
            "did you mean \(shown($0))?"
          }
          ?? "no item of the document has it"
        report(memberPath, condition.nameOffset, "unknown key \(shown(condition.key)); \(hint)")
        continue
      }
      if let problem = ConditionRules.problem(
        controller: controller, key: controllerKey, condition: condition.value)
      {
        report(
          memberPath, problem.isAboutValue ? condition.valueOffset : condition.nameOffset, problem.message)
        continue
      }
      resolved[condition.ownerKey, default: [:]][condition.field, default: [:]][controllerKey] =
        condition.value
      edges[condition.ownerKey, default: []].append((controllerKey, condition))
    }
    reportCycles(edges)
    return resolved
  }

  /// Records an item's `enabledWhen` and `visibleWhen` as data, to be resolved by
  /// ``resolveConditions(in:)`` once every key is known.
  mutating func decodeConditions(_ fields: Fields, ownerKey: String?, at path: @autoclosure () -> String) {
    for field in ["enabledWhen", "visibleWhen"] {
      guard let conditions = fields[field] else { continue }
      let fieldPath = Self.join(path(), field)
      guard
        let members = self.fields(
          of: conditions, at: fieldPath, what: "conditions such as {\"airplane\": false}")?.members
      else { continue }
      guard let ownerKey else {
        report(fieldPath, conditions.offset, "an item with \"\(field)\" needs a \"key\"")
        continue
      }
      guard source.firstLine == 1 else {
        report(fieldPath, conditions.offset, "\"\(field)\" is not supported in an items file")
        continue
      }
      for member in members {
        let expected: SettingCondition
        if let flag = map.bool(member.value) {
          expected = .equals(.bool(flag))
        } else if let text = map.string(member.value) {
          expected = .equals(.string(text))
        } else if map.number(member.value) != nil {
          guard let number = decimal(member.value, at: Self.join(fieldPath, member.name)) else { continue }
          expected = .equals(.number(number))
        } else if let object = map.members(of: member.value) {
          guard
            let condition = conditionObject(
              Fields(members: object, offset: member.value.offset), at: Self.join(fieldPath, member.name))
          else { continue }
          expected = condition
        } else {
          report(
            Self.join(fieldPath, member.name), member.value.offset,
            "expected true or false (a switch), a choice value, a text, a number or an object such as "
              + "{\"min\": 5, \"max\": 30}; found " + map.typeDescription(of: member.value)
          )
          continue
        }
        pendingConditions.append(
          PendingCondition(
            ownerKey: ownerKey, field: field, key: member.name, value: expected, path: fieldPath,
            nameOffset: member.nameOffset, valueOffset: member.value.offset, pagePrefix: keyPrefix))
      }
    }
  }

  /// A condition written as an object: `{"min": 5, "max": 30}` (a bound may be left out) or
  /// `{"notEmpty": true}`; nil after reporting what is wrong.
  mutating func conditionObject(_ fields: Fields, at path: String) -> SettingCondition? {
    let before = issues.count
    checkFields(fields, known: Self.conditionFields, at: path)
    if let flag = fields["notEmpty"] {
      guard fields["min"] == nil, fields["max"] == nil else {
        report(path, fields.offset, "a condition is a range (\"min\", \"max\") or \"notEmpty\", not both")
        return nil
      }
      guard map.bool(flag) == true else {
        report(
          Self.join(path, "notEmpty"), flag.offset,
          "expected true; for an empty text write \"\", for an empty list {\"max\": 0} "
            + "(found \(map.typeDescription(of: flag)))")
        return nil
      }
      return issues.count == before ? .notEmpty : nil
    }
    let minimum = decimal(fields["min"], at: Self.join(path, "min"))
    let maximum = decimal(fields["max"], at: Self.join(path, "max"))
    guard issues.count == before else { return nil }
    guard minimum != nil || maximum != nil else {
      report(
        path, fields.offset,
        "expected {\"min\": N, \"max\": N} (a bound may be left out) or {\"notEmpty\": true}")
      return nil
    }
    return .range(min: minimum, max: maximum)
  }

  /// Reports each cycle of dependencies once, at the condition that closes it.
  mutating func reportCycles(_ edges: [String: [(controller: String, edge: PendingCondition)]]) {
    for (condition, message) in ConditionRules.cycles(edges) {
      report(Self.join(condition.path, condition.key), condition.nameOffset, message)
    }
  }
}
