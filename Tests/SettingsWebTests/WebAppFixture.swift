import SettingsKit
import SettingsPOSIX
import TestSupport

@testable import SettingsWeb

/// A page's server in process: `settings serve` over `documentText` with a store in `directory`,
/// for a test that routes requests to it without a socket.
func webApp(serving documentText: String, in directory: TemporaryDirectory) throws -> (Settings, WebApp) {
  let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(documentText.utf8)))
  let settings = Settings(document: document, store: FileStore(path: directory.file("store.json")))
  let configuration = WebApp.Configuration(
    port: 8080, assets: [], documentPath: nil, itemsDirectory: SystemPath("."), locales: ["en"])
  return (settings, WebApp(settings: settings, itemsFiles: [:], configuration: configuration))
}
