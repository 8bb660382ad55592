import SettingsCodegen
import SettingsKit

/// `settings codegen swift|typescript`: prints the Swift of SettingsKeysPlugin, or the TypeScript
/// declaration of the store, for the document named by `--file` or `SETTINGS_FILE`.
enum CodegenCommand {
  /// The languages it generates.
  enum Language: String, CaseIterable {
    case swift, typescript

    /// What it prints, for help.
    var help: String {
      switch self {
      case .swift: "SettingKeys, choice enums and the embedded document, as the plugin generates them"
      case .typescript: "an interface of the store's keys and value types"
      }
    }
  }

  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let name = try context.arguments()[0]
    guard let language = Language(rawValue: name) else {
      throw .usage(
        "Unknown language '\(TerminalText.escaped(name))'; expected "
          + OptionDefinition.alternatives(Language.allCases.map(\.rawValue)),
        subcommand: .codegen)
    }
    let source = try load(context)
    switch language {
    case .swift:
      do {
        return try source.swift()
      } catch {
        throw CommandError(messages: [TerminalText.escaped(error.message)], status: .dataError)
      }
    case .typescript:
      do {
        return try source.typeScript()
      } catch {
        throw CommandError(error)
      }
    }
  }

  /// The document's text and the document loaded from it.
  private static func load(_ context: CommandContext) throws(CommandError) -> CodegenSource {
    guard let path = context.documentFile else {
      throw .usage(
        "'settings codegen' needs a document file: give \(Options.file.definition.name) PATH or set SETTINGS_FILE",
        subcommand: .codegen)
    }
    var stdin: [UInt8]?
    if context.documentPath == "-" {
      stdin = context.standardInput()
      if stdin == nil {
        throw CommandError(messages: ["cannot read the document from standard input"], status: .noInput)
      }
    }
    do {
      if let stdin {
        return try CodegenSource(
          source: SourceText(name: CommandContext.standardInputName, bytes: stdin),
          fileName: CommandContext.standardInputTitle)
      }
      return try CodegenSource(path: path)
    } catch {
      throw CommandError(error)
    }
  }
}
