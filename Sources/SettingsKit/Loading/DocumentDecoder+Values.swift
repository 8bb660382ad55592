extension DocumentDecoder {
  /// The fields of the value types (see ``ValueRules``) and `description`, decoded into `item` by
  /// their kind and storage in ``DocumentFields/item``; then the rules of
  /// ``ValueRules/fieldProblems(of:)-(CompiledRow)``, each reported at its field. A list's element
  /// declaration (`requiresDefault` false) has no default.
  mutating func decodeValueFields(
    _ fields: Fields, type: CellType?, into item: inout CompiledRow, at path: @autoclosure () -> String,
    requiresDefault: Bool = true
  ) {
    for field in DocumentFields.storedItemFields {
      guard let value = fields[field.name], let storage = field.storage else { continue }
      switch storage {
      case .text(_, let set):
        set(
          &item,
          field.kind == .text
            ? text(value, at: Self.join(path(), field.name))
            : string(value, at: Self.join(path(), field.name)))
      case .boolean(_, let set): set(&item, bool(value, at: Self.join(path(), field.name)))
      case .wholeNumber(_, let set):
        guard case .wholeNumber(let minimum, let maximum) = field.kind else { continue }
        set(
          &item,
          integer(value, at: Self.join(path(), field.name), minimum: minimum, maximum: maximum ?? Int.max))
      case .number(_, let set): set(&item, decimal(value, at: Self.join(path(), field.name)))
      }
    }
    guard let type else { return }
    item.type = type
    switch type {
    case .number, .slider:
      item.numberValue = decimal(fields["value"], at: Self.join(path(), "value"))
    case .textField:
      item.value = string(fields["value"], at: Self.join(path(), "value"))
    case .rightDetail where item.multiple == true && item.choices != nil:
      item.multipleValue = strings(fields["value"], at: Self.join(path(), "value"))
    default:
      break
    }
    // A default that failed to decode was reported already; the rules would only add a "missing".
    for problem in ValueRules.fieldProblems(of: item)
    where (fields["value"] == nil && requiresDefault) || !problem.message.hasPrefix("missing \"value\"") {
      let member = problem.field.flatMap { fields[$0] }
      report(
        problem.field.map { Self.join(path(), $0) } ?? path(), member?.offset ?? fields.offset,
        problem.message)
    }
  }

  /// Whether the item's `value` is decoded by ``decodeValueFields(_:type:into:at:)`` rather than
  /// as a single choice's default.
  func valueIsTyped(_ fields: Fields, type: CellType?) -> Bool {
    switch type {
    case .textField, .number, .slider, .list: return true
    default: return fields["multiple"].flatMap { map.bool($0) } == true
    }
  }

  /// An exact decimal number, or nil after reporting what is wrong.
  mutating func decimal(_ value: JSONMap.Value?, at path: @autoclosure () -> String) -> ExactDecimal? {
    guard let value else { return nil }
    guard let text = map.number(value) else {
      report(path(), value.offset, "expected a number; found \(map.typeDescription(of: value))")
      return nil
    }
    switch ExactDecimal.parse(text, allowingExponent: true) {
    case .success(let number): return number
    case .failure:
      report(
        path(), value.offset,
        "\(text) has more digits than the \(ExactDecimal.maximumDigits) kept exactly")
      return nil
    }
  }

  /// An array of strings, or nil after reporting what is wrong.
  mutating func strings(_ value: JSONMap.Value?, at path: @autoclosure () -> String) -> [String]? {
    guard let value else { return nil }
    guard let elements = map.elements(of: value) else {
      report(
        path(), value.offset, "expected an array of choice values; found \(map.typeDescription(of: value))")
      return nil
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      if let text = string(element, at: "\(path())[\(index)]") { result.append(text) }
    }
    return result
  }
}
