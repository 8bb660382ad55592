import Foundation
import TestSupport
import Testing

@testable import SettingsCommand

/// No answer depends on the path: random documents using every feature, random command
/// sequences run three times from the same stores, through the compiled cache, with
/// `SETTINGS_CACHE=off`, and with a cache folder that cannot be made (the screen then compiles the
/// document in memory); standard output, standard error, the exit status and the bytes of the
/// store and of the view-state file must be equal after every command.
///
/// `SETTINGS_DIFF_SEED` (default 1) and `SETTINGS_DIFF_DOCUMENTS` (default 12) choose the cases;
/// `Scripts/differential.sh` runs many more.
@Suite(.serialized)
struct CacheDifferentialTests {
  /// The cases' generator.
  typealias Random = SeededRandom

  /// One generated item: its JSON, its full key (nil without one) and the values `set` may try.
  struct Item {
    var json: String
    var key: String?
    var values: [String]
    /// What a condition on this item holds to (JSON), for the items after it.
    var condition = "true"
  }

  /// A generated document with what the commands need to know of it.
  struct Case {
    var document: String
    var keys: [String]
    var values: [String: [String]]
    var sectionIDs: [String]
    var renamed: [String: String]
    var system: String?
    var store: String
  }

  static func item(
    _ name: String, _ random: inout Random, controllers: [(key: String, condition: String)], depth: Int
  ) -> Item {
    let title = random.chance(30) ? #"{"en": "T \#(name)", "ko": "제목 \#(name)"}"# : "\"T \(name)\""
    var extra = ""
    if let controller = controllers.last, random.chance(25) {
      let field = random.chance(50) ? "enabledWhen" : "visibleWhen"
      extra += #", "\#(field)": {"\#(controller.key)": \#(controller.condition)}"#
    }
    if random.chance(15) { extra += #", "renamedFrom": ["old-\#(name)"]"# }
    if random.chance(10) { extra += #", "deprecated": "use something else""# }
    switch random.below(depth == 0 ? 7 : 5) {
    case 0:
      return Item(
        json:
          #"{"key": "\#(name)", "type": "switch", "title": \#(title), "on": \#(random.chance(50))\#(extra)}"#,
        key: name, values: ["on", "off", "maybe"])
    case 1:
      return Item(
        json:
          #"{"key": "\#(name)", "type": "rightDetail", "title": \#(title), "value": "a", "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]\#(extra)}"#,
        key: name, values: ["a", "b", "B", "c"], condition: #""a""#)
    case 2:
      let secure = random.chance(30)
      return Item(
        json:
          #"{"key": "\#(name)", "type": "textField", "title": \#(title), "maxLength": 5\#(secure ? ", \"secure\": true" : "")\#(extra)}"#,
        key: name, values: ["hi", "", "toolongtext", "한글"],
        condition: secure ? "" : #"{"notEmpty": true}"#)
    case 3:
      return Item(
        json:
          #"{"key": "\#(name)", "type": "number", "title": \#(title), "value": 2, "min": 0, "max": 10, "step": 2\#(extra)}"#,
        key: name, values: ["4", "5", "12", "-2", "x"], condition: #"{"min": 0, "max": 4}"#)
    case 4:
      return Item(
        json:
          #"{"key": "\#(name)", "type": "rightDetail", "title": \#(title), "multiple": true, "value": [], "choices": [{"value": "x", "title": "X"}, {"value": "y", "title": "Y"}]\#(extra)}"#,
        key: name, values: ["x", "x,y", "y,x", "z", ""], condition: #""x""#)
    case 5:
      return Item(
        json:
          #"{"key": "\#(name)", "type": "slider", "title": \#(title), "value": 50, "min": 0, "max": 100\#(extra)}"#,
        key: name, values: ["0", "100", "101", "7"], condition: "50")
    default:
      // A child page of one or two items.
      var children: [Item] = []
      for index in 0..<(1 + random.below(2)) {
        children.append(item("\(name)c\(index)", &random, controllers: [], depth: depth + 1))
      }
      var child = Item(
        json:
          #"{"key": "\#(name)", "type": "detailTitle", "title": \#(title), "page": {"sections": [{"items": [\#(children.map(\.json).joined(separator: ", "))]}]}}"#,
        key: nil, values: [])
      child.values = children.compactMap { $0.key.map { "\(name).\($0)" } }
      return child
    }
  }

  static func makeCase(_ number: Int, _ random: inout Random) -> Case {
    var sections: [String] = []
    var keys: [String] = []
    var controllers: [(key: String, condition: String)] = []
    var values: [String: [String]] = [:]
    var sectionIDs: [String] = []
    var renamed: [String: String] = [:]
    for section in 0..<(1 + random.below(3)) {
      var items: [String] = []
      for index in 0..<(1 + random.below(4)) {
        let name = "k\(section)\(index)"
        let made = item(name, &random, controllers: controllers, depth: 0)
        items.append(made.json)
        if let key = made.key {
          keys.append(key)
          // A secure text field cannot be a condition's controller.
          if !made.condition.isEmpty { controllers.append((key, made.condition)) }
          values[key] = made.values
          if made.json.contains("renamedFrom") { renamed["old-\(key)"] = key }
        } else {
          for child in made.values {
            keys.append(child)
            values[child] = ["on", "a", "4", "x", "hi"]
          }
        }
      }
      var fields = #""header": "H\#(section)", "items": [\#(items.joined(separator: ", "))]"#
      if random.chance(40) {
        sectionIDs.append("s\(section)")
        fields += #", "id": "s\#(section)", "collapsible": true, "expanded": \#(random.chance(50))"#
      }
      if random.chance(30) { fields += #", "pageSize": \#(1 + random.below(2))"# }
      sections.append("{\(fields)}")
    }
    let document =
      #"{"version": 1, "id": "diff\#(number)", "title": "D", "sections": [\#(sections.joined(separator: ", "))]}"#
    // The store: a few values (some rejected), earlier keys, unknown keys.
    var stored: [String] = []
    for key in keys where random.chance(30) {
      let value = random.pick(values[key] ?? ["on"])
      stored.append(#""\#(key)": \#(jsonValue(value))"#)
    }
    for (old, _) in renamed.sorted(by: { $0.key < $1.key }) where random.chance(70) {
      stored.append(#""\#(old)": true"#)
    }
    if random.chance(30) { stored.append(#""unknown-key": 7"#) }
    var system: String?
    if let key = keys.first, random.chance(35) {
      system =
        #"{"values": {"\#(key)": \#(jsonValue(random.pick(values[key] ?? ["on"])))}, "locked": {"\#(random.pick(keys))": "Managed"}}"#
    }
    return Case(
      document: document, keys: keys, values: values, sectionIDs: sectionIDs, renamed: renamed,
      system: system,
      store: "{" + stored.joined(separator: ", ") + "}")
  }

  /// A command-line value as the JSON a store would hold for it.
  static func jsonValue(_ text: String) -> String {
    switch text {
    case "on": "true"
    case "off": "false"
    case _ where Int(text) != nil: text
    case _ where text.contains(","):
      "[" + text.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    default: "\"\(text)\""
    }
  }

  static func commands(for testCase: Case, _ random: inout Random) -> [[String]] {
    var commands: [[String]] = []
    let keys = testCase.keys + testCase.renamed.keys.sorted() + ["nope"]
    for _ in 0..<10 {
      let key = random.pick(keys)
      let value = random.pick(testCase.values[key] ?? ["on"])
      switch random.below(17) {
      case 0: commands.append(["get", key])
      case 1, 2: commands.append(["set", key, value])
      case 3: commands.append(["toggle", key])
      case 4: commands.append(["reset", key])
      case 5: commands.append(["list"])
      case 6: commands.append(["show"])
      case 7: commands.append(["show", "--json"])
      case 8: commands.append(["find", random.pick(["T", "제목", "k1", "zz"])])
      case 9: commands.append(["describe", key])
      case 10: commands.append(["why", key])
      case 11: commands.append(["check"])
      case 12: commands.append(["dump"])
      case 13:
        let other = random.pick(keys)
        commands.append([
          "set", "\(key)=\(value)", "\(other)=\(random.pick(testCase.values[other] ?? ["on"]))",
        ])
      case 14:
        if let id = testCase.sectionIDs.first {
          commands.append([random.chance(50) ? "expand" : "collapse", id])
        } else {
          commands.append(["show", "--all"])
        }
      case 15:
        // The screen in line mode (the binary, its standard input a pipe): select two rows and
        // press Enter on each (a toggle, a page opened, a choice list), then quit.
        let script = "\(random.below(12) + 1)\n\n\(random.below(12) + 1)\n\nq\n"
        commands.append(["ui", script])
      default: commands.append(["get", "--json", key])
      }
    }
    return commands
  }

  @Test func everyCommandAnswersTheSameWithAndWithoutTheCache() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = UInt64(environment["SETTINGS_DIFF_SEED"] ?? "") ?? 1
    let count = Int(environment["SETTINGS_DIFF_DOCUMENTS"] ?? "") ?? 12
    var random = Random(state: seed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var cases: [(Case, String)] = []
    for number in 0..<count {
      let testCase = Self.makeCase(number, &random)
      try FileManager.default.createDirectory(
        atPath: directory.file("d\(number)/system/settings"), withIntermediateDirectories: true)
      cases.append((testCase, try directory.write("d\(number)/doc.json", testCase.document)))
    }
    var compared = 0
    var loaded = 0
    var cached = 0
    for (number, (testCase, document)) in cases.enumerated() {
      let commands = Self.commands(for: testCase, &random)
      let folder = "d\(number)"
      if let system = testCase.system {
        _ = try directory.write("\(folder)/system/settings/diff\(number).json", system)
      }
      var runs: [[String]] = []
      // A third run with a cache folder that cannot be made (under a file): the commands that read
      // once load the document whole, and the screen compiles it in memory.
      for cache in ["on", "off", "unwritable"] {
        let store = try directory.write("\(folder)/store.json", testCase.store)
        try? FileManager.default.removeItem(atPath: directory.file("\(folder)/store.view.json"))
        try? FileManager.default.removeItem(atPath: directory.file("\(folder)/store.json.lock"))
        // Each run starts with no history: the journal the first run left would make the store the
        // second run starts from an outside change.
        try? FileManager.default.removeItem(atPath: directory.file("\(folder)/store.json.journal"))
        let environment = [
          "HOME": directory.path,
          "XDG_CACHE_HOME": cache == "unwritable" ? document + "/cache" : directory.file("\(folder)/cache"),
          "XDG_CONFIG_DIRS": directory.file("\(folder)/system"), "SETTINGS_STORE": store,
          "SETTINGS_CACHE": cache == "off" ? "off" : "on", "LANG": "ko_KR.UTF-8",
          // The cache trusts no source modified within 2 s of its reading (the racy window): none
          // here, so the documents just written are read through it.
          "SETTINGS_TEST_RACY_WINDOW_NS": "0",
        ]
        var run: [String] = []
        for command in commands {
          let outcome =
            command.first == "ui"
            ? try runBinary(["-f", document, "ui"], environment: environment, stdin: command[1])
            : runCLI(["-f", document] + command, environment: environment)
          let storeBytes = (try? String(contentsOfFile: store, encoding: .utf8)) ?? "(none)"
          let viewBytes =
            (try? String(contentsOfFile: directory.file("\(folder)/store.view.json"), encoding: .utf8))
            ?? "(none)"
          // The two runs write their journals a moment apart: a change's time is not compared.
          // Nor the process that made it (the screen runs as a process of its own).
          let answer = "\(outcome)".replacing(
            /\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/, with: "(time)"
          ).replacing(/\(settings \d+\)/, with: "(settings)")
          run.append("\(command)\n\(answer)\n--- store\n\(storeBytes)--- view\n\(viewBytes)")
        }
        runs.append(run)
      }
      for (name, other) in [
        ("with the cache", runs[0]), ("with a cache folder that cannot be made", runs[2]),
      ] {
        for (index, (cached, whole)) in zip(other, runs[1]).enumerated() where cached != whole {
          let system = testCase.system ?? "none"
          let place = "seed \(seed), document \(number), command \(index + 1)"
          let inputs = "\(testCase.document)\nstore \(testCase.store)\nsystem \(system)"
          Issue.record("\(place):\n\(inputs)\n--- \(name)\n\(cached)\n--- without\n\(whole)")
          break
        }
      }
      compared += commands.count
      let cacheFolder = directory.file("\(folder)/cache/settings")
      if !((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []).isEmpty { cached += 1 }
      let validated = runCLI(["validate", document], environment: ["HOME": directory.path])
      if validated.status == 0 {
        loaded += 1
      } else {
        Issue.record("document \(number) does not load:\n\(validated)")
      }
    }
    #expect(compared >= count * 10)
    // Most cases had commands that the cache answers (get, set, toggle): it was built and read.
    #expect(cached * 2 > count, "the cache was built for \(cached) of \(count) documents")
    // The generator makes documents that load: a case whose every command fails compares little.
    #expect(loaded == count, "\(count - loaded) of \(count) documents did not load")
  }
}
