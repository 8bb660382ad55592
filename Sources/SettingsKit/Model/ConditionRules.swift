/// The rules for `enabledWhen` and `visibleWhen`, shared by the loader (which reports by source
/// location) and ``SettingsDocument/validate()`` (which reports by path).
enum ConditionRules {
  /// What is wrong with depending on `controller` (whose full key is `key`) having `value`, or nil
  /// when nothing is; `isAboutValue` tells whether the value (rather than the key) is at fault.
  static func problem(controller: SettingItem, key: String, value: SettingValue) -> (
    message: String, isAboutValue: Bool
  )? {
    func shown(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }
    if controller.multiple == true {
      return (
        "\(shown(key)) is a multiple choice item; conditions depend on a switch or a single choice", false
      )
    }
    switch (controller.type, value, controller.choices) {
    case (.switch, .bool, _):
      return nil
    case (.rightDetail, .string(let wanted), let choices?):
      if choices.contains(where: { $0.value == wanted }) { return nil }
      return (
        "\(shown(wanted)) is not a choice of \(shown(key)); expected one of "
          + choices.map { shown($0.value) }.joined(separator: ", "), true
      )
    case (.switch, _, _):
      return ("\(shown(key)) is a switch; expected true or false", true)
    default:
      return ("\(shown(key)) has no value to depend on; use a switch or an item with choices", false)
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
              "dependency cycle: " + cycle.map { "\"\(TerminalText.escaped($0))\"" }.joined(separator: " → ")
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
