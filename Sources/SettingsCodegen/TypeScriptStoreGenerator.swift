import SettingsKit

/// The TypeScript declaration of a document's store: the JSON object of overrides that the store
/// file holds (and `settings dump` prints), each key optional, each value typed by its item.
public enum TypeScriptStoreGenerator {
  /// The declaration: a union type per choice item and an interface `SettingsStore`, with each
  /// item's title, default and limits in its comment (control characters escaped as `settings
  /// describe` shows them, `\u{1B}`).
  public static func generate(document: SettingsDocument, sourceName: String) -> String {
    var lines = [
      "// Generated from \(sourceName) by settings codegen typescript. Do not edit.",
      "// The store of document \"\(document.id)\": the overrides, by full key; a key left out reads as its default.",
      "",
    ]
    var members: [String] = []
    document.forEachItem { item, _ in
      guard let key = item.key, let defaultValue = SettingsSnapshot.defaultValue(of: item) else { return }
      if item.type == .rightDetail, item.choices == nil { return }  // shown, never stored
      if item.type == .list { return }  // lists have no typed shape yet
      let type: String
      switch item.type {
      case .switch: type = "boolean"
      case .number, .slider: type = "number"
      case .rightDetail:
        let union = (item.choices ?? []).map { jsonString($0.value) }.joined(separator: " | ")
        type = item.multiple == true ? "Array<\(union)>" : union
      default: type = "string"
      }
      var comment = "\(SwiftKeysGenerator.oneLine(item.title)). Default: "
      comment += item.isSecure ? "(secure)" : defaultValue.json.compactText
      if let accepts = ValueRules.expected(by: item) { comment += "; " + accepts }
      if let deprecated = item.deprecated {
        comment += ". @deprecated " + SwiftKeysGenerator.oneLine(deprecated)
      }
      members.append("  /** \(TerminalText.escaped(comment).replacingCommentEnd) */")
      members.append("  \(jsonString(key))?: \(type);")
    }
    lines.append("export interface SettingsStore {")
    lines += members
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a JSON (and TypeScript) string literal.
  private static func jsonString(_ text: String) -> String {
    JSONValue.string(text).compactText
  }
}

extension JSONValue {
  /// The value as compact JSON text.
  fileprivate var compactText: String {
    var text = JSONWriter().line(self)
    while text.last == "\n" { text.removeLast() }
    return text
  }
}

extension String {
  /// The text with `*/` broken, so it cannot end a comment.
  fileprivate var replacingCommentEnd: String {
    var result = ""
    var previous: Character = " "
    for character in self {
      if previous == "*", character == "/" { result.append("\\") }
      result.append(character)
      previous = character
    }
    return result
  }
}
