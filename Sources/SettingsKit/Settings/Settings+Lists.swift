extension Settings {
  /// A value list's value from the command line's words, one element a word (`set dns 1.1.1.1
  /// 8.8.8.8`): a number's decimal text, a text field's text, a choice's value or title.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``; ``SettingsError/notSettable(key:type:)``
  ///   when the item is not a list; ``SettingsError/rejectedValue(key:value:problem:accepted:)``
  ///   when an element or the list breaks a rule.
  package func listValue(words: [String], for key: String) throws(SettingsError) -> SettingValue {
    let item = try self.item(key)
    guard item.type == .list, let list = item.list else { throw .notSettable(key: key, type: item.type) }
    switch ValueRules.listValue(words: words, by: list) {
    case .success(let value): return value
    case .failure(let problem):
      throw .rejectedValue(
        key: key, value: words.joined(separator: " "), problem: problem,
        accepted: ValueRules.listExpected(list))
    }
  }
}

extension ValueRules {
  /// A list's elements as `get` prints them, one a line, each as its parts
  /// (``elementParts(_:in:style:)``), which `get` separates with tabs; any other value as one line.
  package static func lines(of value: SettingValue, for item: SettingItem) -> [[String]] {
    guard case .list(let elements) = value else {
      return [[text(of: value, for: item, style: ValueStyle(reveal: true))]]
    }
    return elements.map { elementParts($0, in: item.list, style: ValueStyle(reveal: true)) }
  }
}
