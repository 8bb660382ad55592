extension DocumentDecoder {
  /// A condition waiting for every key to be known: `"enabledWhen": {"airplane": false}`.
  struct PendingCondition {
    /// The full key of the item that has the condition.
    var ownerKey: String
    /// `enabledWhen` or `visibleWhen`.
    var field: String
    /// The key as written.
    var key: String
    var value: SettingValue
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
    var byLocalKey: [String: [String]] = [:]
    document.forEachItem { item, _ in
      guard let key = item.key else { return }
      byKey[key] = item
      byLocalKey[item.localKey ?? key, default: []].append(key)
    }
    var resolved: [String: [String: [String: SettingValue]]] = [:]  // owner → field → key → value
    var edges: [String: [(controller: String, edge: PendingCondition)]] = [:]
    for condition in pendingConditions {
      let memberPath = Self.join(condition.path, condition.key)
      var controllerKey: String?
      if byKey[condition.pagePrefix + condition.key] != nil {
        controllerKey = condition.pagePrefix + condition.key
      } else if byKey[condition.key] != nil {
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
      guard let controllerKey, let controller = byKey[controllerKey] else {
        let hint =
          Suggestion.closest(to: condition.key, in: Array(byKey.keys).sorted()).map {
            "did you mean \(shown($0))?"
          }
          ?? "no item of the document has it"
        report(memberPath, condition.nameOffset, "unknown key \(shown(condition.key)); \(hint)")
        continue
      }
      if let problem = ConditionRules.problem(
        controller: controller, key: controllerKey, value: condition.value)
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
    guard !resolved.isEmpty else { return }
    document.updateEachItem { item, _ in
      guard let key = item.key, let fields = resolved[key] else { return }
      item.enabledWhen = fields["enabledWhen"]
      item.visibleWhen = fields["visibleWhen"]
    }
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
        let expected: SettingValue
        if let flag = map.bool(member.value) {
          expected = .bool(flag)
        } else if let text = map.string(member.value) {
          expected = .string(text)
        } else if map.number(member.value) != nil {
          guard let number = decimal(member.value, at: Self.join(fieldPath, member.name)) else { continue }
          expected = .number(number)
        } else {
          report(
            Self.join(fieldPath, member.name), member.value.offset,
            "expected true or false (a switch), a choice value, a text or a number; found "
              + map.typeDescription(of: member.value)
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

  /// Reports each cycle of dependencies once, at the condition that closes it.
  mutating func reportCycles(_ edges: [String: [(controller: String, edge: PendingCondition)]]) {
    for (condition, message) in ConditionRules.cycles(edges) {
      report(Self.join(condition.path, condition.key), condition.nameOffset, message)
    }
  }
}
