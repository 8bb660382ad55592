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
    var records: [String] = []
    var interfaceNames: Set<String> = ["SettingsStore"]
    document.forEachItem { item, _ in
      guard let key = item.key, let defaultValue = SettingsSnapshot.defaultValue(of: item) else { return }
      if item.type == .rightDetail, item.choices == nil { return }  // shown, never stored
      let type: String
      if item.type == .list, let list = item.list {
        if let fields = list.fields {
          // A record list's elements: an interface of their own, named after the list's key.
          var name = interfaceName(key)
          // Keys whose words are the same (`a.vpn`, `a-vpn`) would merge into one interface.
          let base = name
          var number = 2
          while interfaceNames.contains(name) {
            name = base + String(number)
            number += 1
          }
          interfaceNames.insert(name)
          records += recordInterface(name, of: item, fields: fields)
          type = "\(name)[]"
        } else {
          // A union of choices is written `Array<…>`, as a multiple choice's is; `string[]` otherwise.
          type =
            list.element.map { $0.choices != nil ? "Array<\(valueType(of: $0))>" : valueType(of: $0) + "[]" }
            ?? "unknown[]"
        }
      } else {
        type = valueType(of: item)
      }
      var comment = "\(SwiftKeysGenerator.oneLine(item.title)). Default: "
      // A secure list's default is counted, as the Swift keys' comments count it.
      if item.isSecure, case .list(let elements) = defaultValue {
        comment += DocComment.count(of: elements)
      } else {
        comment += item.isSecure ? "(secure)" : defaultValue.json.compactText
      }
      if let accepts = ValueRules.expected(by: item) { comment += "; " + accepts }
      if let deprecated = item.deprecated {
        comment += ". @deprecated " + SwiftKeysGenerator.oneLine(deprecated)
      }
      members.append("  /** \(TerminalText.escaped(comment).replacingCommentEnd) */")
      members.append("  \(jsonString(key))?: \(type);")
    }
    lines += records
    lines.append("export interface SettingsStore {")
    lines += members
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The TypeScript type of an item's or a list element's or a record field's values.
  private static func valueType(of item: SettingItem) -> String {
    switch item.type {
    case .switch: return "boolean"
    case .number, .slider: return "number"
    case .rightDetail:
      let union = (item.choices ?? []).map { jsonString($0.value) }.joined(separator: " | ")
      return item.multiple == true ? "Array<\(union)>" : union
    default: return "string"
    }
  }

  /// The interface of a record list's elements: a record as the store holds it, a field left out
  /// reading as its default; each field's title and default in its comment (a secure field's
  /// default shown as `(secure)`).
  private static func recordInterface(_ name: String, of item: SettingItem, fields: [SettingItem]) -> [String]
  {
    let title = "An element of \(SwiftKeysGenerator.oneLine(item.title)) (\(item.key ?? "")): a record."
    var lines = ["/** \(TerminalText.escaped(title).replacingCommentEnd) */", "export interface \(name) {"]
    for field in fields {
      guard let key = field.key else { continue }
      var comment = "\(SwiftKeysGenerator.oneLine(field.title)). Default: "
      comment += field.isSecure ? "(secure)" : field.defaultValue.map { $0.json.compactText } ?? "none"
      if let accepts = ValueRules.expected(by: field) { comment += "; " + accepts }
      lines.append("  /** \(TerminalText.escaped(comment).replacingCommentEnd) */")
      lines.append("  \(jsonString(key))?: \(valueType(of: field));")
    }
    lines += ["}", ""]
    return lines
  }

  /// A TypeScript type name for the records of the list `key`: its words capitalised and joined
  /// (`network.vpn` is `NetworkVpn`), with `Record` after it, so no key's name is a type of the
  /// language or of this file (`SettingsStore`).
  private static func interfaceName(_ key: String) -> String {
    var name = SwiftNames.words(key).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if name.first?.isNumber != false { name = "_" + name }
    return name + "Record"
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
