extension ValueRules {
  /// One problem with an item's value fields: the field it concerns (nil for the item itself) and
  /// the message.
  struct FieldProblem: Equatable {
    var field: String?
    var message: String
  }

  /// The document rules of the value types, shared by the loader and `validate()`: each field only
  /// on the types it belongs to, a slider's `min` and `max`, a number's default, `min` ≤ `max`, a
  /// positive `step`, a pattern that compiles and is not empty, `patternMessage` only with `pattern`
  /// and not empty, and a default
  /// that the item accepts (in range, on a step, short enough, matching, a subset of the choices).
  static func fieldProblems(of item: SettingItem) -> [FieldProblem] {
    fieldProblems(of: CompiledRow(fieldsOf: item))
  }

  /// ``fieldProblems(of:)-(SettingItem)`` for the fields of an item as the decoder reads them,
  /// before (or instead of) building its ``SettingItem``.
  static func fieldProblems(of item: CompiledRow) -> [FieldProblem] {
    var problems: [FieldProblem] = []
    // Most items have none of these fields: then the table (``DocumentFields/valueFieldTypes``) is
    // not walked (on a large document a table of them built per item cost a fifth of the load).
    let hasValueFields =
      item.placeholder != nil || item.maxLength != nil || item.pattern != nil || item.patternMessage != nil
      || item.secure != nil || item.min != nil || item.max != nil || item.step != nil || item.unit != nil
    if hasValueFields {
      for (field, types) in DocumentFields.valueFieldTypes
      where field.storage?.isSet(in: item) == true && !types.contains(item.type) {
        let field = field.name
        let owners = types.map(\.rawValue).joined(separator: " and ")
        problems.append(
          FieldProblem(
            field: field,
            message: "\"\(field)\" applies only to \(owners) items; this item is a \(item.type.rawValue)"))
      }
    }
    if item.multiple != nil, item.choices == nil {
      problems.append(FieldProblem(field: "multiple", message: "\"multiple\" applies only with \"choices\""))
    }
    switch item.type {
    case .number, .slider:
      if item.type == .slider {
        for (field, value) in [("min", item.min), ("max", item.max)] where value == nil {
          problems.append(
            FieldProblem(
              field: nil, message: "missing \"\(field)\"; a slider needs \"min\" and \"max\" to draw its bar")
          )
        }
      }
      var rulesHold = true
      if let minimum = item.min, let maximum = item.max, minimum > maximum {
        problems.append(FieldProblem(field: "max", message: "\"max\" \(maximum) is below \"min\" \(minimum)"))
        rulesHold = false
      }
      if let step = item.step, step <= ExactDecimal(0) {
        problems.append(
          FieldProblem(field: "step", message: "\"step\" must be greater than 0; found \(step)"))
        rulesHold = false
      }
      if !rulesHold {
        // A default cannot be judged against a range or a step that is itself wrong.
      } else if let value = item.numberValue {
        if let problem = problem(with: .number(value), for: item) {
          problems.append(FieldProblem(field: "value", message: "default value: \(problem.message)"))
        }
      } else {
        problems.append(
          FieldProblem(
            field: nil,
            message: "missing \"value\"; a \(item.type.rawValue) needs its default, such as \"value\": 5"))
      }
    case .textField:
      if item.patternMessage != nil, item.pattern == nil {
        problems.append(
          FieldProblem(field: "patternMessage", message: "\"patternMessage\" applies only with \"pattern\""))
      }
      if item.pattern?.isEmpty == true {
        // "" matches only empty text, so every value would be refused.
        problems.append(
          FieldProblem(field: "pattern", message: "\"pattern\" is empty; leave it out to accept any text"))
      }
      if item.pattern != nil, item.patternMessage?.isEmpty == true {
        problems.append(
          FieldProblem(
            field: "patternMessage",
            message:
              "\"patternMessage\" is empty; say what the text must look like (\"must look like host:port\"), or leave it out"
          ))
      }
      if let pattern = item.pattern, let error = patternError(pattern) {
        problems.append(
          FieldProblem(field: "pattern", message: "\"pattern\" is not a valid regular expression: \(error)"))
      } else if let problem = problem(with: .string(item.value ?? ""), for: item) {
        problems.append(FieldProblem(field: "value", message: "default value: \(problem.message)"))
      }
    case .rightDetail where isMultiple(item):
      problems += (item.choices ?? []).compactMap(multipleChoiceValueProblem)
      if item.multipleValue == nil {
        problems.append(
          FieldProblem(
            field: nil,
            message:
              "missing \"value\"; a multiple choice item needs its default, an array of choice values such as []"
          ))
      } else if let values = item.multipleValue, let problem = problem(with: .strings(values), for: item) {
        problems.append(FieldProblem(field: "value", message: "default value: \(problem.message)"))
      }
    default:
      break
    }
    return problems
  }

  /// Why a multiple choice item cannot offer `choice`'s value: `set KEY a,b` and `--add` take
  /// values separated by commas, trimmed, and `""` for none, so a value with a comma, an empty one
  /// or one with spaces at either end could never be given.
  static func multipleChoiceValueProblem(_ choice: SettingChoice) -> FieldProblem? {
    let shown = "\"\(choice.value)\""
    let reason: String
    if choice.value.isEmpty {
      reason = "is empty; set takes \"\" for no choice"
    } else if choice.value.contains(",") {
      reason = "contains a comma; set takes the chosen values separated by commas"
    } else if choice.value.trimmingSpaces() != choice.value {
      reason = "starts or ends with a space, which set trims"
    } else {
      return nil
    }
    return FieldProblem(
      field: "choices", message: "choice value \(shown) of a multiple choice item \(reason)")
  }
}
