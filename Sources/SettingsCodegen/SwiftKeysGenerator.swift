import SettingsKit

/// Turns a settings document into Swift: a typed ``SettingsKit/SettingKey`` per item with a value
/// under `SettingKeys` (child pages as nested namespaces), a `String`-backed enum per choice item
/// (printed as its raw value), deprecated keys for `deprecated` items and `renamedFrom` paths, and
/// the document itself as `SettingsDocument.generated`. `SettingsKeysPlugin` (at build time) and
/// `settings codegen swift` both print this.
public enum SwiftKeysGenerator {
  /// The Swift source for `document`, whose JSON text is `source` (embedded as it is).
  ///
  /// A choice whose case name would be a member every choice enum has (`rawValue`, `allCases`,
  /// `hashValue`, `choiceValue`, `settingValue`, `init`, `description`) gets a `_` after it
  /// (`rawValue_`), which its doc comment says. The document's text in comments has its control
  /// characters escaped as `settings describe` shows them (`\u{1B}`).
  ///
  /// - Parameters:
  ///   - document: the document, loaded from `source` with no preferred locale (its base language).
  ///   - source: the document's JSON text.
  ///   - sourceName: the document's file name (or what stands for it, such as "standard input"),
  ///     for the header, the comments and messages at run time.
  ///   - file: the document's file as errors name it (its path); `sourceName` when nil.
  /// - Throws: ``CodegenError`` when two keys would have one Swift name, or a section reads its
  ///   items from an items file (the embedded document would lack them); located at the JSON path
  ///   of the value that cannot be generated.
  public static func generate(
    document: SettingsDocument, source: String, sourceName: String, file: String? = nil
  ) throws(CodegenError) -> String {
    let file = file ?? sourceName
    let locator = JSONPathLocator(text: source, name: file)
    if let index = document.sections.firstIndex(where: { $0.itemsFile != nil }),
      let itemsFile = document.sections[index].itemsFile
    {
      let path = "sections[\(index)].itemsFile"
      throw CodegenError(
        file: file, location: locator.location(of: path), path: path,
        problem: "this section reads its items from \"\(itemsFile)\"; the generated code embeds the document "
          + "alone, so list those items in the document")
    }
    let tree = try KeyNamespace.build(document, locator: locator, file: file)
    var lines = [
      "// Generated from \(sourceName) by SettingsKeysPlugin (settings codegen swift). Do not edit.",
      "// Document \"\(document.id)\"; titles in its base language.",
      "",
      "import SettingsKit",
      "",
      "extension SettingKeys {",
    ]
    lines += body(of: tree, indent: "  ")
    lines.append("}")
    lines += [
      "",
      "extension SettingsDocument {",
      "  /// The document \"\(document.id)\" from \(sourceName), embedded at build time, in its base language.",
      "  static let generated = SettingsDocument.generated(locales: [])",
      "",
      "  /// The document from \(sourceName), embedded at build time, with its text in the first of `locales`",
      "  /// it has (`LocalizedText.preferredLocales(explicit:environment:)` gives the user's).",
      "  static func generated(locales: [String]) -> SettingsDocument {",
      "    SettingsDocument.embedded(generatedSettingsJSON, name: \(SwiftNames.stringLiteral(sourceName)), locales: locales)",
      "  }",
      "}",
      "",
      "/// The document's text from \(sourceName), as read when this was generated.",
      "private let generatedSettingsJSON = " + SwiftNames.rawMultilineLiteral(source),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The declarations inside one namespace: its choice cases, keys, then child namespaces.
  private static func body(of namespace: KeyNamespace, indent: String) -> [String] {
    var lines: [String] = []
    if let choices = namespace.choices {
      for (name, choice, renamedFrom) in choices.cases {
        lines.append("\(indent)/// \(TerminalText.escaped(oneLine(choice.title)))")
        if let renamedFrom {
          lines.append("\(indent)///")
          lines.append("\(indent)/// Named `\(name)`: `\(renamedFrom)` is a member every choice enum has.")
        }
        lines.append("\(indent)case \(name) = \(SwiftNames.stringLiteral(choice.value))")
      }
      lines += [
        "",
        "\(indent)/// The choice's value, as `print` and string interpolation show it.",
        "\(indent)var description: Swift.String { self.rawValue }",
      ]
    }
    for key in namespace.keys {
      if !lines.isEmpty { lines.append("") }
      lines += declaration(of: key, indent: indent)
    }
    for child in namespace.children {
      if !lines.isEmpty { lines.append("") }
      lines += DocComment.namespace(child).map { indent + $0 }
      if let record = child.record {
        lines.append("\(indent)struct \(child.typeName): SettingsKit.SettingKeyValue, Swift.Equatable {")
        lines += members(of: record, indent: indent + "  ")
        for grandchild in child.children {
          lines.append("")
          lines += DocComment.namespace(grandchild).map { indent + "  " + $0 }
          lines.append(
            "\(indent)  enum \(grandchild.typeName): Swift.String, SettingsKit.SettingChoiceValue, "
              + "Swift.CaseIterable, Swift.CustomStringConvertible {")
          lines += body(of: grandchild, indent: indent + "    ")
          lines.append("\(indent)  }")
        }
        lines.append("\(indent)}")
        continue
      }
      if child.choices != nil {
        lines.append(
          "\(indent)enum \(child.typeName): Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, "
            + "Swift.CustomStringConvertible {"
        )
      } else {
        lines.append("\(indent)enum \(child.typeName) {")
      }
      lines += body(of: child, indent: indent + "  ")
      lines.append("\(indent)}")
    }
    return lines
  }

  /// A record struct's members: a property per field, the memberwise initializer, and the
  /// conversions from and to ``SettingsKit/SettingValue/record(_:)``.
  private static func members(of record: RecordStruct, indent: String) -> [String] {
    var lines: [String] = []
    for (name, field, valueType) in record.fields {
      lines += DocComment.field(field).map { indent + $0 }
      lines.append("\(indent)var \(name): \(valueType)")
      lines.append("")
    }
    func bare(_ name: String) -> String { name.filter { $0 != "`" } }
    let parameters = record.fields.map { "\(bare($0.name)): \($0.valueType)" }.joined(separator: ", ")
    lines.append("\(indent)/// A record with these fields' values.")
    lines.append("\(indent)init(\(parameters)) {")
    for (name, _, _) in record.fields {
      lines.append("\(indent)  self.\(name) = \(name)")
    }
    lines.append("\(indent)}")
    lines += [
      "",
      "\(indent)/// The record that a list's element holds; nil when a field is missing or holds another kind of value.",
      "\(indent)init?(settingValue _value: SettingsKit.SettingValue) {",
      "\(indent)  guard case .record(let _record) = _value,",
    ]
    for (offset, (name, field, valueType)) in record.fields.enumerated() {
      let end = offset == record.fields.count - 1 ? "" : ","
      let type =
        valueType.hasPrefix("Swift.") || valueType.hasPrefix("SettingsKit.") ? valueType : "Self." + valueType
      lines.append(
        "\(indent)    let \(name) = _record[\(SwiftNames.stringLiteral(field.key ?? ""))]"
          + ".flatMap(\(type).init(settingValue:))\(end)")
    }
    lines.append("\(indent)  else { return nil }")
    let arguments = record.fields.map { "\(bare($0.name)): \($0.name)" }.joined(separator: ", ")
    lines.append("\(indent)  self.init(\(arguments))")
    lines.append("\(indent)}")
    let members = record.fields.map {
      "\(SwiftNames.stringLiteral($0.field.key ?? "")): \($0.name).settingValue"
    }
    lines += [
      "",
      "\(indent)/// The record, each field's value under its key.",
      "\(indent)var settingValue: SettingsKit.SettingValue {",
      "\(indent)  .record([\(members.joined(separator: ", "))])",
      "\(indent)}",
    ]
    return lines
  }

  /// A key's doc comment, attributes and `static let`.
  private static func declaration(of key: KeyDeclaration, indent: String) -> [String] {
    var lines = DocComment.key(key).map { indent + $0 }
    let itemKey = key.item.key ?? ""
    if let alias = key.alias {
      let message = "renamed to \(itemKey)"
      lines.append(
        "\(indent)@available(*, deprecated, renamed: \(SwiftNames.stringLiteral("SettingKeys." + alias.currentName)), "
          + "message: \(SwiftNames.stringLiteral(message)))")
    } else if let deprecated = key.item.deprecated {
      lines.append("\(indent)@available(*, deprecated, message: \(SwiftNames.stringLiteral(deprecated)))")
    }
    lines.append(
      "\(indent)static let \(key.name) = SettingsKit.SettingKey<\(key.valueType)>(\(SwiftNames.stringLiteral(itemKey)))"
    )
    return lines
  }

  /// `text` on one line: line breaks become spaces.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
