import SettingsKit

// `codegen`: the code SettingsKeysPlugin generates, for projects that do not build with SwiftPM.

extension Subcommand {
  var codegenDeclaration: SubcommandDefinition {
    SubcommandDefinition(
      name: rawValue,
      abstract: "Print typed keys for the document: Swift, or the store's shape in TypeScript.",
      forms: [
        [
          ArgumentDefinition(
            name: "LANGUAGE", help: "The language to generate.",
            words: CodegenCommand.Language.allCases.map { AcceptedWord(word: $0.rawValue, help: $0.help) })
        ]
      ],
      discussion:
        "Reads the document from --file or $SETTINGS_FILE (- for standard input), in its base language. "
        + "swift prints what SettingsKeysPlugin generates at build time: a SettingKey per item with a value, "
        + "enums for choices, namespaces for child pages and the document embedded as "
        + "SettingsDocument.generated. A document that does not load exits 65 with every problem.")
  }
}
