import Foundation
import PackagePlugin

/// Embeds the files of the package's top-level `Web/` folder (the page of `settings serve`) into
/// the target it is applied to: one generated Swift file of raw string literals, so the binary
/// needs no resources at run time and stays fully static. A file added to `Web/` is picked up by
/// the next build; a changed one rebuilds the generated file.
@main
struct EmbedWebFiles: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Web")
    let files = try FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
    )
    .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "WebFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding the page's files from Web/",
        executable: try context.tool(named: "embed-web-files").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output])
    ]
  }
}
