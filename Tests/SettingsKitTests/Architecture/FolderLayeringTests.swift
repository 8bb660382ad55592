import Foundation
import Testing

/// The core's folders are layers, bottom up; a file may name the types of its own folder and of
/// the folders below it, never of one above (docs/ARCHITECTURE.md). The targets' layering is the
/// compiler's to check; inside the one `SettingsKit` target this test checks it.
struct FolderLayeringTests {
  /// The folders of `Sources/SettingsKit`, bottom up.
  static let layers = [
    "Text", "JSON", "Model", "Loading", "Store", "Layers", "Settings", "Watch", "Table", "Rendering",
    "Schema",
  ]

  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/SettingsKit")

  /// The Swift files of a folder with their text, comments left out.
  static func files(in folder: String) throws -> [(name: String, text: String)] {
    let directory = sources.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0.hasSuffix(".swift") }
      .map { name in
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
          line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
        return (name, code.joined(separator: "\n"))
      }
  }

  /// The names of the types declared at the top level of `text`.
  static func declaredTypes(in text: String) -> [String] {
    let pattern =
      #/(?m)^(?:@\w+\s+)*(?:(?:public|package|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)/#
    return text.matches(of: pattern).map { String($0.output.1) }
  }

  @Test func everyFolderIsALayerAndNoFileIsOutsideOne() throws {
    // The DocC catalog is documentation, not a layer of code.
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
      .filter { !$0.hasSuffix(".docc") }.sorted()
    #expect(folders == Self.layers.sorted())
  }

  @Test func noFileNamesATypeOfAFolderAboveItsOwn() throws {
    var owner: [String: Int] = [:]
    for (index, folder) in Self.layers.enumerated() {
      for file in try Self.files(in: folder) {
        for name in Self.declaredTypes(in: file.text) { owner[name] = owner[name] ?? index }
      }
    }
    var upward: [String] = []
    for (index, folder) in Self.layers.enumerated() {
      for file in try Self.files(in: folder) {
        let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        for word in words.sorted() {
          if let above = owner[word], above > index {
            upward.append("\(folder)/\(file.name) names \(word) of \(Self.layers[above])/")
          }
        }
      }
    }
    #expect(upward == [])
  }

  @Test func theCheckSeesAnUpwardName() {
    // A Store file that named SettingsError (Settings/) is what the check reports.
    let text = "public protocol SettingsStore {\n  func update() throws(SettingsError)\n}\n"
    let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    #expect(words.contains("SettingsError"))
    #expect(
      Self.declaredTypes(in: "public enum SettingsError: Error {}\nstruct A {}\n") == ["SettingsError", "A"])
  }
}
