import PackagePlugin

/// Generates typed keys from the settings document of the target it is applied to: a `SettingKey`
/// per item with a value under `SettingKeys` (child pages as nested namespaces, choices as enums)
/// and the document embedded as `SettingsDocument.generated` (docs/LIBRARY.md).
///
/// The document is the target's file named `settings.json`, or else its one file whose name ends in
/// `.settings.json`. The generator, `settings-keys`, reads only that file; a document that does not
/// load fails the build with the loader's messages (file, line, column, JSON path, "did you mean").
@main
struct SettingsKeysPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let files = target.sourceFiles.map(\.url).filter {
      $0.lastPathComponent == "settings.json" || $0.lastPathComponent.hasSuffix(".settings.json")
    }
    let named = files.filter { $0.lastPathComponent == "settings.json" }
    let chosen = named.isEmpty ? files : named
    guard chosen.count == 1, let document = chosen.first else {
      throw SettingsKeysPluginError(
        message: chosen.isEmpty
          ? "target '\(target.name)' uses SettingsKeysPlugin but has no settings.json (or NAME.settings.json)"
          : "target '\(target.name)' has several settings documents ("
            + chosen.map(\.lastPathComponent).sorted().joined(separator: ", ")
            + "); SettingsKeysPlugin generates the keys of one: name it settings.json")
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "SettingKeys.generated.swift")
    return [
      .buildCommand(
        displayName: "Generating SettingKeys from \(document.lastPathComponent)",
        executable: try context.tool(named: "settings-keys").url,
        arguments: [document.path, output.path],
        inputFiles: [document],
        outputFiles: [output])
    ]
  }
}

/// Why the plugin cannot choose a document.
struct SettingsKeysPluginError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
