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
        + "SettingsDocument.generated; it refuses a section with an itemsFile, whose items the embedded "
        + "document would lack. typescript includes the items of items files (read beside the document, "
        + "or in the current directory for standard input). A document that does not load exits 65 with "
        + "every problem.")
  }

  /// An option as `codegen` takes it: `--file` has no fallback to the embedded iOS screen there
  /// (code is generated from a document of one's own), so its help names none.
  static func codegenOption(_ option: OptionDefinition) -> OptionDefinition {
    guard option.long == Options.file.definition.long else { return option }
    var option = option
    option.help =
      "The settings document; - reads it from standard input (default: $SETTINGS_FILE; "
      + "there is no embedded document to fall back on, so one of them is needed)."
    return option
  }
}
