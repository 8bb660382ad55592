/// The rules for `enabledWhen` and `visibleWhen`, shared by the loader (which reports by source
/// location) and ``SettingsDocument/validate()`` (which reports by path).
enum ConditionRules {
  /// What is wrong with depending on `controller` (whose full key is `key`) having `value`, or nil
  /// when nothing is; `isAboutValue` tells whether the value (rather than the key) is at fault.
  ///
  /// A switch takes `true` or `false`; a single choice one of its choice values; a multiple choice
  /// item one of its choice values (the condition holds while that value is chosen); a number or
  /// slider a number it can hold (in its range and on a step); a text field a text it accepts (its
  /// `maxLength` and `pattern`; `""` for empty). A secure text field cannot be depended on: the
  /// condition would show its value.
  static func problem<Row: RowFields>(controller: Row, key: String, value: SettingValue) -> (
    message: String, isAboutValue: Bool
  )? {
    func shown(_ text: String) -> String { "\"\(text)\"" }
    let isMultiple = controller.multiple == true && controller.choices != nil
    switch (controller.type, value, controller.choices) {
    case (.switch, .bool, _):
      return nil
    case (.rightDetail, .string(let wanted), let choices?):
      if choices.contains(where: { $0.value == wanted }) { return nil }
      return (
        "\(shown(wanted)) is not a choice of \(shown(key)); expected one of "
          + choices.map { shown($0.value) }.joined(separator: ", "), true
      )
    case (.rightDetail, _, let choices?) where isMultiple:
      return (
        "\(shown(key)) is a multiple choice item; expected one of its choice values ("
          + choices.map { shown($0.value) }.joined(separator: ", ") + "), which the condition needs chosen",
        true
      )
    case (.switch, _, _):
      return ("\(shown(key)) is a switch; expected true or false", true)
    case (.textField, _, _) where controller.securesValue:
      return ("\(shown(key)) is a secure text field; a condition cannot depend on its value", false)
    case (.number, .number(let number), _), (.slider, .number(let number), _):
      guard let problem = ValueRules.problem(with: value, for: controller) else { return nil }
      return ("\(shown(key)) never holds \(number): \(problem.message)", true)
    case (.textField, .string(let text), _):
      guard let problem = ValueRules.problem(with: value, for: controller) else { return nil }
      return ("\(shown(key)) never holds \(shown(text)): \(problem.message)", true)
    case (.number, _, _), (.slider, _, _):
      let range =
        controller.min != nil || controller.max != nil
        ? ValueRules.limits(of: controller).first.map { " (\($0))" } ?? "" : ""
      return ("\(shown(key)) is a \(controller.type.rawValue); expected a number\(range)", true)
    case (.textField, _, _):
      return ("\(shown(key)) is a text field; expected a text (\"\" for empty)", true)
    case (.list, _, _):
      return (
        "\(shown(key)) is a list; a condition on it is {\"notEmpty\": true} or a range of its count, "
          + "{\"min\": N, \"max\": N}",
        true
      )
    default:
      return (
        "\(shown(key)) has no value to depend on; use a switch, an item with choices, a number, a slider, "
          + "a text field or a list",
        false
      )
    }
  }

  /// What is wrong with a `condition` on `controller` (whose full key is `key`), or nil when
  /// nothing is: a value as ``problem(controller:key:value:)`` checks it; a range only on a number
  /// or slider, with a bound, `min` ≤ `max`, and a range the item can reach; `notEmpty` only on a
  /// text field that is not secure.
  static func problem<Row: RowFields>(controller: Row, key: String, condition: SettingCondition) -> (
    message: String, isAboutValue: Bool
  )? {
    func shown(_ text: String) -> String { "\"\(text)\"" }
    switch condition {
    case .equals(let value):
      return problem(controller: controller, key: key, value: value)
    case .range(let minimum, let maximum) where controller.type == .list:
      // On a list, a range bounds its count of elements: whole numbers the list can hold.
      for bound in [minimum, maximum].compactMap({ $0 }) where bound.scale != 0 || bound.significand < 0 {
        return ("a count of \(shown(key))'s elements is a whole number from 0; found \(bound)", true)
      }
      if let minimum, let maximum, minimum > maximum {
        return ("\"min\" \(minimum) is above \"max\" \(maximum)", true)
      }
      let fewest = ExactDecimal(controller.list?.minCount ?? 0)
      if let minimum, let most = controller.list?.maxCount, minimum > ExactDecimal(most) {
        return ("\(shown(key)) never holds \(minimum) elements: its maxCount is \(most)", true)
      }
      if let maximum, maximum < fewest {
        return ("\(shown(key)) never holds as few as \(maximum) elements: its minCount is \(fewest)", true)
      }
      return nil
    case .range(let minimum, let maximum):
      guard controller.type == .number || controller.type == .slider else {
        return (
          "\(shown(key)) is a \(controller.type.rawValue); {\"min\", \"max\"} applies to a number or slider",
          true
        )
      }
      if let minimum, let maximum, minimum > maximum {
        return ("\"min\" \(minimum) is above \"max\" \(maximum)", true)
      }
      if let minimum, let top = controller.max, minimum > top {
        return ("\(shown(key)) never reaches \(minimum): its maximum is \(top)", true)
      }
      if let maximum, let bottom = controller.min, maximum < bottom {
        return ("\(shown(key)) never goes down to \(maximum): its minimum is \(bottom)", true)
      }
      return nil
    case .notEmpty:
      if controller.type == .textField, controller.securesValue {
        return ("\(shown(key)) is a secure text field; a condition cannot depend on its value", false)
      }
      guard controller.type == .textField || controller.type == .list else {
        return (
          "\(shown(key)) is a \(controller.type.rawValue); {\"notEmpty\": true} applies to a text field",
          true
        )
      }
      return nil
    }
  }

  /// A condition in words, after the controller's name: `is on`, `is 30`, `includes 한국어`, `is
  /// between 5 and 30`, `is not empty`; `shown` words a value as the controller shows it.
  static func phrase(
    _ condition: SettingCondition, of controller: SettingItem?, shown: (SettingValue) -> String
  ) -> String {
    switch condition {
    case .equals(let value):
      if case .string = value, controller?.multiple == true, controller?.choices != nil {
        return "includes \(shown(value))"
      }
      return "is \(shown(value))"
    case .range where controller?.type == .list:
      return "has a count \(condition)"
    case .range:
      return "is \(condition)" + (controller?.unit.map { " \($0)" } ?? "")
    case .notEmpty:
      return "is \(condition)"
    }
  }

  /// Each cycle of dependencies once, found from the owners in sorted order: the edge that closes
  /// it and the message naming the cycle (`dependency cycle: "a" → "b" → "a"`).
  ///
  /// - Parameter edges: by owner's full key, the full keys it depends on, each with its edge.
  static func cycles<Edge>(_ edges: [String: [(controller: String, edge: Edge)]]) -> [(
    edge: Edge, message: String
  )] {
    var found: [(edge: Edge, message: String)] = []
    var state: [String: Int] = [:]  // 1 visiting, 2 done
    var stack: [String] = []
    func visit(_ key: String) {
      state[key] = 1
      stack.append(key)
      for (controller, edge) in edges[key] ?? [] {
        if state[controller] == 1 {
          let cycle = stack[stack.lastIndex(of: controller)!...] + [controller]
          found.append(
            (
              edge,
              "dependency cycle: " + cycle.map { "\"\($0)\"" }.joined(separator: " → ")
            ))
        } else if state[controller] == nil {
          visit(controller)
        }
      }
      stack.removeLast()
      state[key] = 2
    }
    for key in edges.keys.sorted() where state[key] == nil { visit(key) }
    return found
  }
}
