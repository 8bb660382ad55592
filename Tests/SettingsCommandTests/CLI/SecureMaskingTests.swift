import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A secure text field's value is the mask in warnings, `why`, `load` and `watch` (only `get` and
/// `--reveal` show it).
@Suite(.serialized)
struct SecureMaskingTests {
  typealias Fixture = ValueTypesTests.Fixture

  @Test func aRejectedStoredSecretIsMaskedInTheWarning() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("s.json", #"{ "password": 12345 }"#)
    let warning =
      "Warning: \(fixture.storePath):1:15: stored value of \"password\" is ••••••••; expected text; "
      + "using the default ••••••••; 'settings reset password' removes it\n"
    #expect(fixture.run(["get", "password"]).stderr == warning)
    #expect(fixture.run(["show"]).stderr == warning)
  }

  @Test func whyMasksTheSecretInTextAndJSON() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "password", "s3cret"]).status == 0)
    let why = fixture.run(["why", "password"]).stdout
    // The last line names the journal's last change of the key (its time and process vary).
    #expect(why.contains("\nlast change: change 1  "))
    #expect(
      why.replacingOccurrences(of: #"last change: .*\n"#, with: "", options: .regularExpression) == """
        key:     password
        value:   ••••••••
        source:  user
        layers, lowest first:
          default  "" (empty)
          user     ••••••••    wins

        """)
    let json = fixture.run(["why", "password", "--json"]).stdout
    #expect(json.contains(#""value": "••••••••""#))
    #expect(!json.contains("s3cret"))
  }

  @Test func loadMasksTheSecretInItsLines() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "password", "hunter2"]).status == 0)
    _ = try fixture.directory.write("in.json", #"{ "password": "zz" }"#)
    #expect(
      fixture.run(["load", fixture.directory.file("in.json"), "--dry-run"]).stdout
        == "changed password: •••••••• -> ••••••••\n")
    #expect(
      fixture.run(["load", fixture.directory.file("in.json")]).stdout
        == "changed password: •••••••• -> ••••••••\n")
  }

  @Test func watchMasksTheSecretInTextAndJSON() {
    let change = SettingsEvent.changed(
      SettingChange(key: "pass", oldValue: .string("secret1"), newValue: .string("x y"), origin: .elsewhere))
    #expect(
      WatchFormat(json: false, arrow: "→", keys: nil, secureKeys: ["pass"]).text(for: change, nanoseconds: 0)
        .output == "pass: •••••••• → ••••••••\n")
    #expect(
      WatchFormat(json: true, arrow: "→", keys: nil, secureKeys: ["pass"]).text(for: change, nanoseconds: 0)
        .output
        == #"{"key":"pass","old":"••••••••","new":"••••••••","time":"1970-01-01T00:00:00.000Z"}"# + "\n")
  }
}
