import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Nothing is said by colour alone. `show` and the full screen say every state in a
/// marker or in words that stay without colour (`*` changed, `!` a rejected stored value, `🔒`
/// locked, the reason of a dimmed row on a line of its own, the mask of a secure value), so the
/// output with colour, its styles taken out, is the output under `NO_COLOR`, character for character.
@Suite(.serialized)
struct ColourAloneTests {
  /// Every SGR sequence (`ESC [ … m`) taken out.
  static func unstyled(_ text: String) -> String {
    var result = ""
    var inSequence = false
    var afterEscape = false
    for scalar in text.unicodeScalars {
      if inSequence {
        if scalar == "m" { inSequence = false }
        continue
      }
      if afterEscape {
        afterEscape = false
        if scalar == "[" {
          inSequence = true
          continue
        }
      }
      if scalar == "\u{1B}" {
        afterEscape = true
        continue
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  @Test func showSaysEveryStateWithoutColour() throws {
    let fixture = try LineModeTests.Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("store.json", #"{"count": "x", "wifi": false, "secret": "pw"}"#)
    let arguments = ["-f", fixture.document, "show", "--width", "70"]
    let coloured = try runBinary(arguments + ["--color", "always"], environment: fixture.environment)
    var plainEnvironment = fixture.environment
    plainEnvironment["NO_COLOR"] = "1"
    let plain = try runBinary(arguments, environment: plainEnvironment)
    #expect(coloured.status == 0 && plain.status == 0)
    #expect(coloured.stdout.contains("\u{1B}["))
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(Self.unstyled(coloured.stdout) == plain.stdout)
    let lines = plain.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("* 📶 Wi-Fi" + String(repeating: " ", count: 57) + "off"))
    #expect(lines.contains("*    Password" + String(repeating: " ", count: 49) + "••••••••"))
    #expect(lines.contains("     (off while Wi-Fi is off)"))
    #expect(lines.contains("🔒   Managed" + String(repeating: " ", count: 55) + "off"))
    #expect(lines.contains("!    Count" + String(repeating: " ", count: 59) + "1"))
    #expect(lines.contains("     Old (deprecated)" + String(repeating: " ", count: 46) + "off"))
  }

  @Test func theFullScreenSaysEveryStateWithoutColour() throws {
    let fixture = try LineModeTests.Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("store.json", #"{"count": "x", "wifi": false, "secret": "pw"}"#)
    var screens: [[String]] = []
    for noColor in [false, true] {
      var environment = fixture.environment
      environment["TERM"] = "xterm"
      if noColor { environment["NO_COLOR"] = "1" }
      let terminal = try PseudoTerminal(
        arguments: ["-f", fixture.document, "ui"], environment: environment, width: 60, height: 22)
      #expect(terminal.waitFor(text: "Old (deprecated)"))
      terminal.pump(milliseconds: 150)
      screens.append(terminal.rows)
      let transcript = String(decoding: terminal.transcript, as: UTF8.self)
      // Reverse video on the selection and dimmed text only with colour.
      #expect(transcript.contains("\u{1B}[7m") != noColor)
      #expect(transcript.contains("\u{1B}[2m") != noColor)
      terminal.send("q")
      #expect(terminal.waitForExit() == 0)
    }
    #expect(screens[0] == screens[1])
    #expect(screens[1].contains { $0.hasPrefix("> * 📶 Wi-Fi") })
    #expect(screens[1].contains("       (off while Wi-Fi is off)"))
    #expect(screens[1].contains { $0.hasPrefix("  🔒   Managed") })
    #expect(screens[1].contains { $0.hasPrefix("  !    Count") })
  }
}
