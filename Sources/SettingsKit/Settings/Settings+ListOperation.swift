extension Settings {
  /// Changes one element of the list `key`: adds, removes or moves one, or sets one field of a
  /// record (``ListOperation``), checked against every rule of the list.
  ///
  /// The operation is applied to the list as it is under the store's lock (in its read-modify-write
  /// update, which runs again on a conflict), so a change made elsewhere meanwhile is kept: two
  /// adds at once keep both elements. A list that follows its default gets the changed default as
  /// its override. One change makes one journal entry.
  ///
  /// - Returns: the change of value made; nil when the list is as it was (a move to where the
  ///   element stands).
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``; ``SettingsError/notAList(key:type:)``
  ///   when the item is not a list; ``SettingsError/rejectedValue(key:value:problem:accepted:)``
  ///   when the operation breaks a rule or names a position or value the list does not have;
  ///   ``SettingsError/refusedStoredList(_:)`` when the user's stored list breaks its rules (the
  ///   change would drop it); ``SettingsError/locked(key:file:reason:)``,
  ///   ``SettingsError/disabled(key:reason:controllingKey:changedHere:)``,
  ///   ``SettingsError/store(_:)``.
  @discardableResult
  public func edit(_ key: String, _ operation: ListOperation) throws(SettingsError) -> SettingChange? {
    try edit(key, [operation])
  }

  /// Applies `operations` in turn to the list `key` as one change (`settings add KEY A B`): all
  /// or nothing, one journal entry. Errors as ``edit(_:_:)``'s.
  @discardableResult
  package func edit(_ key: String, _ operations: [ListOperation]) throws(SettingsError) -> SettingChange? {
    guard case .written(let change) = try edit(key, operations, expecting: nil) else { return nil }
    return change
  }

  /// Applies `operations` in turn as one change, as ``edit(_:_:)`` does, only while `expected` holds
  /// for the list's elements now (the elements a page showed): the check and the write happen in
  /// one update under the store's lock (`settings serve`'s `POST /api/edit`). Errors as
  /// ``edit(_:_:)``'s.
  ///
  /// - Returns: ``ExpectedWrite/written(_:)`` with the change made (nil when the list is as it
  ///   was), or ``ExpectedWrite/conflict(current:)`` with the list now when `expected` does not hold
  ///   for it; then nothing is written.
  package func edit(
    _ key: String, _ operations: [ListOperation], expecting expected: (([SettingValue]) -> Bool)?
  ) throws(SettingsError) -> ExpectedWrite {
    let item = try self.item(key)
    guard item.type == .list, let list = item.list else { throw .notAList(key: key, type: item.type) }
    let fullKey = item.key ?? key
    var conflict: [SettingValue]?
    let changes = try change { (snapshot, contents) throws(SettingsError) in
      conflict = nil
      try checkUnlocked(item, in: snapshot)
      try checkEnabled(item, in: snapshot)
      // The user's stored list that its rules refuse would be dropped: refused instead.
      if contents.values[fullKey] != nil, let problem = snapshot.problem(of: item) {
        throw .refusedStoredList(problem)
      }
      let old = snapshot.value(of: item).value
      guard case .list(let current)? = old else { return [] }
      if let expected, !expected(current) {
        conflict = current
        return []
      }
      var new = current
      // The stored list was read as accepted (else refused above), so it keeps every rule: only
      // what each change can break is checked. The default's rules are checked whole (a document
      // built in code may not have been validated).
      var keepingRules = contents.values[fullKey] != nil
      for operation in operations {
        do throws(ValueProblem) {
          new = try operation.apply(to: new, in: list, keepingRules: keepingRules)
          keepingRules = true
        } catch {
          throw .rejectedValue(
            key: fullKey, value: operation.givenText(in: list), problem: error,
            accepted: ValueRules.listExpected(list))
        }
      }
      guard new != current else { return [] }
      contents.values[fullKey] = SettingValue.list(new).json
      return [SettingChange(key: fullKey, oldValue: .list(current), newValue: .list(new))]
    }
    if let conflict { return .conflict(current: .list(conflict)) }
    return .written(changes.first)
  }
}

extension Settings {
  /// The elements that the command line's words give for the list `key`: for a list of values,
  /// one element a word (a number's decimal text, a text field's text, a choice's value or title);
  /// for a list of records, one record from `field=value` words, a field left out taking its
  /// default. Each element's own rules are checked when it is added.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/notAList(key:type:)``,
  ///   ``SettingsError/rejectedValue(key:value:problem:accepted:)`` for a word that is not a value
  ///   of the element (or of the field it names).
  package func listElements(words: [String], for key: String) throws(SettingsError) -> [SettingValue] {
    let item = try self.item(key)
    let fullKey = item.key ?? key
    guard item.type == .list, let list = item.list else { throw .notAList(key: key, type: item.type) }
    func refuse(_ word: String, _ problem: ValueProblem) -> SettingsError {
      .rejectedValue(key: fullKey, value: word, problem: problem, accepted: ValueRules.listExpected(list))
    }
    guard let fields = list.fields else {
      guard let element = list.element else { return [] }
      var elements: [SettingValue] = []
      for word in words {
        switch Self.elementValue(word, by: element) {
        case .success(let value): elements.append(value)
        case .failure(let problem): throw refuse(word, problem)
        }
      }
      return elements
    }
    var values: [String: SettingValue] = [:]
    for word in words {
      guard let equals = word.firstIndex(of: "="),
        let field = list.field(String(word[..<equals])), let fieldKey = field.key
      else {
        let named = fields.compactMap(\.key).joined(separator: ", ")
        throw refuse(word, .wrongKind(expected: "field=value with a field of " + named))
      }
      switch Self.elementValue(String(word[word.index(after: equals)...]), by: field) {
      case .success(let value): values[fieldKey] = value
      case .failure(let problem): throw refuse(word, .badField(field: fieldKey, problem: problem))
      }
    }
    for field in fields {
      guard let fieldKey = field.key, values[fieldKey] == nil else { continue }
      values[fieldKey] = field.shippedValue
    }
    return [.record(values)]
  }

  /// The operation `set KEY[N].field VALUE` makes: the field `field` of record `index` (from 1)
  /// of the list `key` set to the value `word` gives it.
  ///
  /// - Throws: as ``listElements(words:for:)``; ``SettingsError/rejectedValue(key:value:problem:accepted:)``
  ///   with ``ValueProblem/unknownField(index:field:)`` for a field the records do not have.
  package func fieldOperation(_ key: String, index: Int, field: String, word: String) throws(SettingsError)
    -> ListOperation
  {
    let item = try self.item(key)
    let fullKey = item.key ?? key
    guard item.type == .list, let list = item.list else { throw .notAList(key: key, type: item.type) }
    guard let declaration = list.field(field) else {
      throw .rejectedValue(
        key: fullKey, value: word, problem: .unknownField(index: index, field: field),
        accepted: ValueRules.listExpected(list))
    }
    switch Self.elementValue(word, by: declaration) {
    case .success(let value): return .setField(field, of: index, to: value)
    case .failure(let problem):
      throw .rejectedValue(
        key: fullKey, value: word,
        problem: .badElement(index: index, problem: .badField(field: field, problem: problem)),
        accepted: ValueRules.listExpected(list))
    }
  }

  /// The value `word` gives an element or a record field declared by `declaration`.
  private static func elementValue(_ word: String, by declaration: SettingItem) -> Result<
    SettingValue, ValueProblem
  > {
    switch declaration.type {
    case .switch:
      guard let flag = SettingValue.parseSwitch(word) else {
        return .failure(.wrongKind(expected: ValueRules.elementExpected(declaration)))
      }
      return .success(.bool(flag))
    case .rightDetail:
      let choices = declaration.choices ?? []
      guard let choice = ValueRules.choice(named: word, in: choices) else {
        return .failure(.notAChoice(word, accepted: choices.map(\.value)))
      }
      return .success(.string(choice.value))
    default:
      return ValueRules.parse(word, for: declaration)
        ?? .failure(.wrongKind(expected: ValueRules.elementExpected(declaration)))
    }
  }
}

extension ListOperation {
  /// What the operation was given, as an error repeats it: the element or field value, or the
  /// position; a secure field's text masked.
  func givenText(in list: SettingList) -> String {
    let style = ValueStyle(unambiguous: true)
    switch self {
    case .add(let element, _), .removeValue(let element), .replace(_, let element):
      return ValueRules.elementText(element, in: list, style: style)
    case .remove(let at): return String(at)
    case .move(let from, _): return String(from)
    case .setField(let key, _, let value):
      return ValueRules.text(of: value, forRow: list.field(key), style: style)
    }
  }
}
