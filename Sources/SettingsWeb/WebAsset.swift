import SettingsKit

/// One file of the page that `settings serve` serves (from the repository's `Web/` folder,
/// embedded at build time): its name, served at `/<name>`, and its text.
package struct WebAsset: Sendable, Equatable {
  /// The file's name, such as `app.js`.
  package var name: String
  /// The file's text (UTF-8).
  package var text: String

  /// Creates an asset.
  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }

  /// The `Content-Type` for the name's extension.
  package var contentType: String {
    let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    return switch suffix {
    case "html": "text/html; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "svg": "image/svg+xml"
    case "json": "application/json"
    default: "text/plain; charset=utf-8"
    }
  }
}
