import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// No byte from a document, a store, a file name or an argument reaches the terminal raw: every
/// command's stdout and stderr is free of ESC, CSI, OSC, C1 controls, BEL, CR, backspace and bidi
/// controls, whatever the document and the store hold. Runs the built binary, as a user would.
@Suite(.serialized)
struct TerminalSafetyTests {
  /// Text that would drive a terminal: CSI (ESC [ and the one-byte U+009B), OSC setting the title,
  /// BEL, CR, backspace, DEL, NUL, NEL, the bidi overrides and isolates, and the line separators.
  static let hostile =
    "A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9C}E\u{85}F\r\u{8}G\u{7F}H\u{0}I"
    + "\u{202E}J\u{2066}K\u{2069}L\u{200F}M\u{61C}N\u{2028}O\u{2029}P\t"

  /// The raw scalars found in `text`, other than the newlines that end lines.
  static func rawControls(_ text: String) -> [String] {
    text.unicodeScalars.filter { $0 != "\n" && ControlCharacters.isEscaped($0) }.map {
      "U+" + String($0.value, radix: 16, uppercase: true)
    }
  }

  /// A JSON string literal for `text` with C0 controls as `\u00XX` escapes (JSON requires it) and
  /// every other scalar raw, C1 and bidi controls included, so the loader sees them as bytes.
  static func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static var document: String {
    let h = literal(hostile)
    return """
      {
        "id": "hostile",
        "title": \(h),
        "sections": [
          {
            "id": "main",
            "header": \(h),
            "footer": \(h),
            "items": [
              { "key": "sw", "type": "switch", "title": \(h), "subTitle": \(h), "imageName": \(h) },
              { "key": "rd", "type": "rightDetail", "title": \(h), "rightDetail": \(h) },
              { "key": "dt", "type": "detailTitle", "title": \(h), "subTitle": \(h) },
              { "type": "detailTitle", "title": \(h) }
            ]
          },
          {
            "id": "closed",
            "header": \(h),
            "collapsible": true,
            "items": [{ "key": "sw2", "type": "switch", "title": \(h), "on": true }]
          },
          {
            "header": \(h),
            "pageSize": 1,
            "items": [
              { "key": "p1", "type": "switch", "title": \(h) },
              { "key": "p2", "type": "switch", "title": \(h) }
            ]
          }
        ]
      }
      """
  }

  @Test func noCommandPrintsARawControl() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let name = "doc\u{1B}[31m\u{9B}\u{202E}\u{7}"
    let documentPath = try directory.write(name + ".json", Self.document)
    let storePath = directory.file("store\u{1B}]0;x\u{7}\u{85}.json")
    let store = JSONWriter().string(
      .object([
        ("sw", .bool(true)), (Self.hostile, .string(Self.hostile)), ("rd", .string(Self.hostile)),
        ("x", .array([.string(Self.hostile)])),
      ]))
    // The store is written raw: C1 and bidi controls as bytes, C0 controls escaped.
    try Data(store.replacingOccurrences(of: #"\u0085"#, with: "\u{85}").utf8)
      .write(to: URL(fileURLWithPath: storePath))
    let badDocumentPath = try directory.write(
      "bad\u{1B}[2J.json",
      "{\"id\": \"x\", \"\u{1B}[31m\u{9B}\": \(Self.literal(Self.hostile)),\n\"t\u{202E}\": \u{1B}}")
    let badStorePath = try directory.write("bad-store\u{9B}.json", "{\"\u{202E}\": \u{1B}[31m}")
    let wrongTypePath = try directory.write(
      "wrong\u{7}.json", "{\"sw\": \(Self.literal(Self.hostile)), \"\u{202E}\": 1}")
    let base = ["-f", documentPath, "--store", storePath]
    let h = Self.hostile.replacingOccurrences(of: "\u{0}", with: "")  // no NUL in arguments
    let commands: [[String]] = [
      base + ["show"], base + ["show", "--width", "30"], base + ["show", "--width", "3"],
      base + ["show", "--all", "--expand-all"], base + ["show", "main"], base + ["show", "closed"],
      base + ["show", "3", "--page", "2"], base + ["show", "--json"], base + ["show", "main", "--json"],
      base + ["list"], base + ["list", "--json"], base + ["list", "--modified"],
      base + ["get", "sw"], base + ["get", "rd"], base + ["get", "rd", "--json"], base + ["get", "dt"],
      ["validate", documentPath], ["validate", badDocumentPath], base + ["expand", "closed"],
      base + ["show"], base + ["collapse", "closed"],
      // Errors that quote what was given.
      base + ["get", h], base + ["set", h, "on"], base + ["set", "sw", h], base + ["set", "\(h)=on"],
      base + ["toggle", h], base + ["reset", h], base + ["show", h], base + ["expand", h],
      base + ["expand", "main"], base + ["show", "main", "--page", h], base + ["show", "--width", h],
      base + ["show", "--color", h], base + [h], base + ["--\(h)"], ["help", h], ["-f", h],
      ["-f", directory.file(h)], ["-f", badDocumentPath, "show"],
      ["-f", documentPath, "--store", badStorePath, "show"],
      ["-f", documentPath, "--store", wrongTypePath, "get", "sw"],
      ["-f", documentPath, "--store", directory.path, "set", "sw", "on"],
      ["-f", documentPath, "--store", directory.file("\(h)/\(h)/s.json"), "set", "sw", "off"],
    ]
    var seen = Set<Int32>()
    for arguments in commands {
      let outcome = try runBinary(arguments, environment: ["HOME": directory.path])
      seen.insert(outcome.status)
      #expect(Self.rawControls(outcome.stdout) == [], "stdout of \(arguments)")
      #expect(Self.rawControls(outcome.stderr) == [], "stderr of \(arguments)")

    }
    // The runs covered success, refusals, usage, data and input errors.
    #expect(seen.isSuperset(of: [0, 1, 64, 65, 66]))
  }

  @Test func showPinsWhatTheHostileDocumentLooksLike() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let documentPath = try directory.write("doc.json", Self.document)
    let outcome = try runBinary(
      ["-f", documentPath, "show", "main", "--width", "60"], environment: ["HOME": directory.path])
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == #"""
        A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9C}E\…
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u… off
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9C}…
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u… A\u{1B}[31mB\u{1B}]… ›
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9… ›
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9C}…
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9… ›
          A\u{1B}[31mB\u{1B}]0;pwned\u{7}C\u{9B}2JD\u{9D}8;;x\u{9C}E
          \u{85}F\r\u{8}G\u{7F}H\u{0}I\u{202E}J\u{2066}K\u{2069}L\u{
          200F}M\u{61C}N\u{2028}O\u{2029}P\t

        """#)
  }
}
