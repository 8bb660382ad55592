import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The compiler reads the bytes once: on generated documents (sections, every cell type, pages at
/// depth, conditions by full and by own key, choices, localized text, items files, earlier keys,
/// secure fields), the compiled form made from the bytes is byte for byte the one made from the
/// whole decode, and an invalid document gives the same error, with the same issues in the same
/// order, both ways.
///
/// `SETTINGS_COMPILER_SEED` (default 1) and `SETTINGS_COMPILER_DOCUMENTS` (default 200) choose the
/// cases.
struct CompilerDifferentialTests {
  /// The cases' generator.
  typealias Random = SeededRandom

  /// An item that a condition may name: its full key, its own key, its page's key prefix and a
  /// value (JSON) that a condition on it may hold to.
  struct Controller {
    var fullKey: String
    var ownKey: String
    var prefix: String
    var condition: String
  }

  /// Makes one document: its text, and its items files' texts by name.
  struct Generator {
    var random: Random
    /// Whether to break rules now and then (an invalid document).
    var breaking: Bool
    var controllers: [Controller] = []
    var keys: [String] = []
    var files: [String: String] = [:]
    var counter = 0

    init(seed: UInt64, breaking: Bool) {
      random = Random(state: seed)
      self.breaking = breaking
    }

    mutating func name() -> String {
      counter += 1
      return "k\(counter)"
    }

    mutating func text(_ base: String) -> String {
      random.chance(30) ? #"{"en": "\#(base)", "ko": "\#(base) 한"}"# : "\"\(base)\""
    }

    /// A mistake, now and then, when breaking.
    mutating func broken(_ percent: Int) -> Bool { breaking && random.chance(percent) }

    mutating func conditions(prefix: String) -> String {
      guard !controllers.isEmpty || broken(20), random.chance(35) || broken(10) else { return "" }
      let field = random.chance(50) ? "enabledWhen" : "visibleWhen"
      if controllers.isEmpty || broken(8) {
        return #", "\#(field)": {"nosuch": true}"#
      }
      let controller = random.pick(controllers)
      // A sibling by its own key, else the full key.
      let name = controller.prefix == prefix && random.chance(50) ? controller.ownKey : controller.fullKey
      let value = broken(10) ? #""wrong""# : controller.condition
      return #", "\#(field)": {"\#(name)": \#(value)}"#
    }

    mutating func item(prefix: String, depth: Int, inItemsFile: Bool = false) -> String {
      var own = name()
      if broken(4), let earlier = keys.last, earlier.hasPrefix(prefix) {
        own = String(earlier.dropFirst(prefix.count))  // a duplicate key
      }
      let full = prefix + own
      keys.append(full)
      let title = broken(3) ? "" : #", "title": \#(text("T " + own))"#
      var extra = ""
      if random.chance(20) { extra += #", "subTitle": \#(text("sub " + own))"# }
      if random.chance(15) { extra += #", "imageName": "\#(random.pick(["wifi", "gear", "nope"]))""# }
      if random.chance(10) { extra += #", "description": "about \#(own)""# }
      if random.chance(12) {
        let old = broken(15) ? (keys.first ?? "x") : "old-\(full)"
        extra += #", "renamedFrom": ["\#(old)"]"#
      }
      if random.chance(8) { extra += #", "deprecated": "gone""# }
      if broken(3) { extra += #", "titel": "typo""# }
      if !inItemsFile { extra += conditions(prefix: prefix) }
      let kinds = depth >= 3 || inItemsFile ? 10 : 11
      var condition: String?
      var json: String
      switch random.below(kinds) {
      case 0:
        json = #"{"key": "\#(own)", "type": "switch"\#(title), "on": \#(random.chance(50))\#(extra)}"#
        condition = random.pick(["true", "false"])
      case 1:
        json =
          #"{"key": "\#(own)", "type": "rightDetail"\#(title), "value": "a", "choices": [{"value": "a", "title": \#(text("A"))}, {"value": "b", "title": "B"}]\#(extra)}"#
        condition = #""b""#
      case 2:
        json =
          #"{"key": "\#(own)", "type": "rightDetail"\#(title), "multiple": true, "value": ["y"], "choices": [{"value": "x", "title": "X"}, {"value": "y", "title": "Y"}]\#(extra)}"#
        condition = #""x""#
      case 3:
        let secure = random.chance(30)
        json =
          #"{"key": "\#(own)", "type": "textField"\#(title), "value": "v", "maxLength": 8, "placeholder": "p"\#(secure ? ", \"secure\": true" : "")\#(extra)}"#
        condition = secure ? (broken(30) ? #"{"notEmpty": true}"# : nil) : #"{"notEmpty": true}"#
      case 4:
        json =
          #"{"key": "\#(own)", "type": "number"\#(title), "value": \#(random.below(5)), "min": 0, "max": 10, "step": 1, "unit": "s"\#(extra)}"#
        condition = #"{"min": 1, "max": 4}"#
      case 5:
        json =
          #"{"key": "\#(own)", "type": "slider"\#(title), "value": 0.5, "min": 0, "max": 1, "step": 0.25\#(extra)}"#
        condition = "0.5"
      case 6:
        json =
          #"{"key": "\#(own)", "type": "\#(broken(10) ? "swtch" : "rightDetail")"\#(title), "rightDetail": "detail"\#(extra)}"#
      case 7:
        let keyed = random.chance(50)
        let keyField = keyed ? "\"key\": \"\(own)\", " : ""
        json = #"{\#(keyField)"type": "detailTitle"\#(title)\#(keyed ? extra : "")}"#
      case 8:
        // A list of values: text with a pattern, unique, at most three, with a default.
        let value = broken(15) ? #"["1", "1"]"# : random.pick([#"[]"#, #"["1.1"]"#, #"["1.1", "2.2"]"#])
        json =
          #"{"key": "\#(own)", "type": "list"\#(title), "element": {"type": "textField", "pattern": "[0-9.]+"}, "unique": true, "maxCount": 3, "value": \#(value)\#(extra)}"#
        condition = random.pick([#"{"notEmpty": true}"#, #"{"min": 1, "max": 2}"#])
      case 9:
        // A list of records with a secure field, a renamed field and a unique title.
        let titleField = broken(15) ? "nope" : "name"
        let value =
          random.chance(50)
          ? #"[{"name": "a", "host": "h", "port": 1}, {"name": "b", "secret": "s", "on": true}]"# : "[]"
        json =
          #"{"key": "\#(own)", "type": "list"\#(title), "titleField": "\#(titleField)", "subtitleField": "server", "unique": "name", "fields": [{"key": "name", "type": "textField", "title": "Name"}, {"key": "server", "type": "textField", "title": "Server", "renamedFrom": "host"}, {"key": "port", "type": "number", "title": "Port", "value": 0, "min": 0, "max": 9}, {"key": "on", "type": "switch", "title": "On"}, {"key": "secret", "type": "textField", "title": "Secret", "secure": true}], "value": \#(value)\#(extra)}"#
      default:
        // A page of one to three sections, one to three items each.
        var sections: [String] = []
        for _ in 0..<(1 + random.below(3)) {
          var items: [String] = []
          for _ in 0..<(1 + random.below(3)) { items.append(item(prefix: full + ".", depth: depth + 1)) }
          let header = random.chance(40) ? "\"header\": \(text("H")), " : ""
          sections.append(#"{\#(header)"items": [\#(items.joined(separator: ", "))]}"#)
        }
        json =
          #"{"key": "\#(own)", "type": "\#(random.chance(50) ? "detailTitle" : "rightDetail")"\#(title), "page": {"sections": [\#(sections.joined(separator: ", "))]}\#(extra)}"#
      }
      if let condition, !inItemsFile {
        controllers.append(Controller(fullKey: full, ownKey: own, prefix: prefix, condition: condition))
      }
      return json
    }

    mutating func document() -> String {
      var sections: [String] = []
      for index in 0..<(1 + random.below(4)) {
        var fields: [String] = []
        if random.chance(40) { fields.append(#""header": \#(text("Section \(index)"))"#) }
        if random.chance(20) { fields.append(#""footer": "F\#(index)""#) }
        if random.chance(30) {
          let expanded = random.chance(50)
          fields.append(#""id": "s\#(index)", "collapsible": true, "expanded": \#(expanded)"#)
        }
        if random.chance(20) { fields.append(#""pageSize": \#(1 + random.below(3))"#) }
        if random.chance(15) {
          let file = "items\(index).jsonl"
          var lines: [String] = []
          for _ in 0..<(1 + random.below(5)) {
            lines.append(broken(5) ? "{\"key\": ," : item(prefix: "", depth: 3, inItemsFile: true))
          }
          files[file] = lines.joined(separator: random.chance(30) ? "\n\n" : "\n") + "\n"
          fields.append(#""itemsFile": "\#(file)""#)
        } else {
          var items: [String] = []
          for _ in 0..<(random.below(6)) { items.append(item(prefix: "", depth: 0)) }
          fields.append(#""items": [\#(items.joined(separator: ",\n  "))]"#)
        }
        sections.append("{" + fields.joined(separator: ", ") + "}")
      }
      let title = random.chance(50) ? ", \"title\": \(text("Doc"))" : ""
      return #"{"version": 1, "id": "gen"\#(title), "sections": [\#(sections.joined(separator: ",\n "))]}"#
        + "\n"
    }
  }

  /// The cache file of `text` compiled both ways, or both errors; the read-back check of the
  /// compilation made from the bytes, and its decoded items against the whole decode's.
  @discardableResult
  func compare(_ text: String, files: [String: String], locales: [String], label: String) throws -> Bool {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let documentPath = try directory.write("doc.json", text)
    for (name, contents) in files { _ = try directory.write(name, contents) }
    let bytes = Array(text.utf8)
    let source = SourceText(name: documentPath, bytes: bytes)
    let folder = SystemPath(directory.path)
    let skeleton = try #require(DocumentSkeleton(bytes), "\(label)")
    var itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])] = [:]
    var sources: [(path: SystemPath, identity: [UInt64])] = [(SystemPath(documentPath), [1, 2, 3, 4, 5, 6])]
    for (index, section) in (skeleton.sections ?? []).enumerated() {
      guard let name = section.itemsFile, let contents = files[name] else { continue }
      let fileBytes = Array(contents.utf8)
      itemsFiles[index] = (
        DocumentLoader.itemsFilePath(name, directory: folder), sources.count, fileBytes,
        DocumentCache.lines(of: fileBytes)
      )
      sources.append((SystemPath(directory.file(name)), [7, 8, 9, 10, 11, UInt64(index)]))
    }
    let fingerprint = DocumentCacheFormat.fingerprint(buildTag: "differential")

    let whole: Result<SettingsDocument, DocumentError> = Result {
      () throws(DocumentError) -> SettingsDocument in
      try DocumentLoader.decode(source, itemsFilesIn: folder, locales: locales)
    }
    let scanned = Result {
      () throws(DocumentError) -> (
        compilation: DocumentCompilation, expected: DocumentCacheFile.Expected, built: Int
      )? in
      try DocumentCompilation.scan(source, skeleton: skeleton, itemsFiles: itemsFiles, locales: locales)
    }
    switch (whole, scanned) {
    case (.failure(let left), .failure(let right)):
      #expect(left == right, "\(label)")
      return false
    case (.success(let document), .success(let made)):
      let made = try #require(made, "\(label)")
      let oracle = try #require(
        DocumentCompilation(
          document: document, skeleton: skeleton, bytes: bytes,
          itemsFiles: itemsFiles.mapValues { ($0.source, $0.lines) }), "\(label)")
      #expect(made.compilation.sections.map(\.rows) == oracle.sections.map(\.rows), "\(label)")
      // The compiler read every item (conditions, pages, items files) without building one.
      #expect(made.built == 0, "\(label)")
      let fromBytes = DocumentCacheFile.encode(
        made.compilation, sources: sources, locales: locales, fingerprint: fingerprint)
      let fromDecode = DocumentCacheFile.encode(
        oracle, sources: sources, locales: locales, fingerprint: fingerprint)
      #expect(fromBytes == fromDecode, "\(label)")
      // The read-back check's items, decoded again from the bytes, are the whole decode's.
      for (index, section) in document.sections.enumerated() {
        #expect(made.expected.items(of: index) == section.items, "\(label) section \(index)")
      }
      let sourceBytes: (Int) -> [UInt8]? = { index in
        index == 0 ? bytes : itemsFiles.values.first { $0.source == index }?.bytes
      }
      #expect(
        DocumentCacheFile.check(
          fromBytes, against: made.expected, locales: locales, fingerprint: fingerprint, sources: sourceBytes),
        "\(label)")
    default:
      Issue.record("\(label): one way failed, the other did not: \(whole) / \(scanned)")
    }
    return true
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["SETTINGS_COMPILER_SEED"].flatMap { UInt64($0) } ?? 1
  }
  static var documents: Int {
    ProcessInfo.processInfo.environment["SETTINGS_COMPILER_DOCUMENTS"].flatMap { Int($0) } ?? 200
  }

  @Test func validDocumentsCompileToTheSameBytesBothWays() throws {
    var features: [String: Int] = [:]
    for number in 0..<Self.documents {
      var generator = Generator(seed: Self.seed &* 1_000_003 &+ UInt64(number), breaking: false)
      let text = generator.document()
      let locales = generator.random.pick([[], ["ko"], ["en"], ["ko-KR", "en"]])
      let valid = try compare(text, files: generator.files, locales: locales, label: "valid \(number)")
      #expect(valid, "valid \(number) does not load:\n\(text)")
      for feature in ["enabledWhen", "visibleWhen", "itemsFile", "renamedFrom", "secure", "page", "\"ko\""]
      where text.contains(feature) {
        features[feature, default: 0] += 1
      }
      if text.contains(#""page": {"sections": [{"items": [{"key": "k"#) { features["depth", default: 0] += 1 }
    }
    // Every feature is in a fair share of the documents.
    for feature in ["enabledWhen", "visibleWhen", "itemsFile", "renamedFrom", "secure", "page", "\"ko\""] {
      #expect(features[feature, default: 0] >= Self.documents / 10, "\(feature): \(features)")
    }
  }

  @Test func invalidDocumentsFailWithTheSameIssuesBothWays() throws {
    var failures = 0
    for number in 0..<Self.documents {
      var generator = Generator(seed: Self.seed &* 2_000_003 &+ UInt64(number), breaking: true)
      let text = generator.document()
      let folder = try TemporaryDirectory()
      defer { folder.remove() }
      for (name, contents) in generator.files { _ = try folder.write(name, contents) }
      let source = SourceText(name: "probe", bytes: Array(text.utf8))
      if (try? DocumentLoader.decode(source, itemsFilesIn: SystemPath(folder.path))) == nil { failures += 1 }
      try compare(text, files: generator.files, locales: [], label: "invalid \(number)")
    }
    // Most of them break a rule, so that the errors are compared too.
    #expect(failures > Self.documents / 2)
  }

  /// A few documents whose errors are known: both ways give exactly these issues.
  @Test(arguments: [
    (
      #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}, {"key": "a", "type": "switch", "title": "B"}]}]}"#,
      #"sections[0].items[1].key: duplicate key "a"; first used at sections[0].items[0].key (1:45)"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A", "enabledWhen": {"b": true}}, {"key": "b", "type": "switch", "title": "B", "visibleWhen": {"a": true}}]}]}"#,
      #"sections[0].items[1].visibleWhen.a: dependency cycle: "a" → "b" → "a""#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "p", "type": "detailTitle", "title": "P", "page": {"sections": [{"items": [{"key": "on", "type": "switch", "title": "On"}]}]}}, {"key": "q", "type": "detailTitle", "title": "Q", "page": {"sections": [{"items": [{"key": "on", "type": "switch", "title": "On"}]}]}}, {"key": "c", "type": "switch", "title": "C", "enabledWhen": {"on": true}}]}]}"#,
      #"sections[0].items[2].enabledWhen.on: key "on" is ambiguous; use one of "p.on", "q.on""#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "pw", "type": "textField", "title": "PW", "secure": true}, {"key": "c", "type": "switch", "title": "C", "enabledWhen": {"pw": {"notEmpty": true}}}]}]}"#,
      #"sections[0].items[1].enabledWhen.pw: "pw" is a secure text field; a condition cannot depend on its value"#
    ),
  ])
  func knownErrorsAreTheSameBothWays(text: String, issue: String) throws {
    #expect(try compare(text, files: [:], locales: [], label: text) == false)
    let bytes = Array(text.utf8)
    let skeleton = try #require(DocumentSkeleton(bytes))
    do throws(DocumentError) {
      _ = try DocumentCompilation.scan(
        SourceText(name: "doc.json", bytes: bytes), skeleton: skeleton, itemsFiles: [:], locales: [])
      Issue.record("no error")
    } catch {
      guard case .invalid(_, let issues) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(issues.map { "\($0.path): \($0.message)" } == [issue])
    }
  }
}
