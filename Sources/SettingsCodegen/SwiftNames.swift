/// Swift names for a document's keys and choice values.
enum SwiftNames {
  /// The words of a key or value: runs of letters and digits, split at anything else (`auto-lock`
  /// is `auto`, `lock`; `5g_auto` is `5g`, `auto`).
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isLetter || (character.isASCII && character.isNumber) {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// A property or case name: `auto-lock` is `autoLock`, `5g-auto` is `_5gAuto`, `default` is
  /// `` `default` ``; text without letters or digits is named by its code points (`-` is `_2D`,
  /// the empty text `_empty`).
  static func member(_ text: String) -> String {
    let parts = words(text)
    guard let first = parts.first else { return fallback(text) }
    var name = lowercasedFirst(first) + parts.dropFirst().map(uppercasedFirst).joined()
    if name.first?.isNumber == true { name = "_" + name }
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// A type name: `auto-lock` is `AutoLock`; the names the generated code itself uses (`Swift`,
  /// `SettingsKit`, `Type`, …) get a `_` after them, and so does a name with no letter to
  /// capitalise, which would be the ``member(_:)`` name of the same text too (`5g` is `_5g_`
  /// beside the key `_5g`, `_` is `_5F_`).
  static func type(_ text: String) -> String {
    var name = words(text).map(uppercasedFirst).joined()
    if name.isEmpty { name = fallback(text) }
    if name.first?.isNumber == true { name = "_" + name }
    return reservedTypes.contains(name) || name == member(text) ? name + "_" : name
  }

  /// The name of text without letters or digits: `_` and its code points in hex, or `_empty`.
  private static func fallback(_ text: String) -> String {
    guard !text.isEmpty else { return "_empty" }
    return "_"
      + text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
  }

  private static func uppercasedFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }

  private static func lowercasedFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.lowercased() + word.dropFirst()
  }

  /// Type names that would hide what the generated code refers to, or that Swift does not allow.
  /// The standard library's everyday types are among them: a generated `enum String` would make a
  /// key declared by hand in `extension SettingKeys` (`SettingKey<String>`) name it instead.
  private static let reservedTypes: Set<String> = [
    "Swift", "SettingsKit", "SettingKeys", "SettingKey", "Type", "Protocol", "Self", "Any", "Sendable",
    "String", "Bool", "Int", "Double", "Float", "Character", "Set", "Array", "Dictionary", "Optional",
    "Result", "Error", "Never", "Void", "Equatable", "Hashable", "Codable", "CaseIterable",
    "ExactDecimal", "SecureText", "SettingValue", "Settings",
  ]

  /// Swift's keywords, which a member name must quote.
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true",
    "try", "await", "any", "some", "async", "consume", "copy", "discard", "each", "borrowing",
    "consuming", "package", "macro",
  ]

  /// A Swift string literal holding `text`: quotes, backslashes and control characters escaped.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// A multi-line raw string literal holding `text` exactly, with as many `#` as it needs; every
  /// line starts in the first column.
  static func rawMultilineLiteral(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      if character == "#" {
        run += 1
        longest = max(longest, run)
      } else {
        run = 0
      }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    return hashes + "\"\"\"\n" + body + "\n\"\"\"" + hashes
  }
}
