import Foundation
import TestSupport
import Testing

/// `SETTINGS_JOURNAL_LIMIT` that is not a whole number of entries, 0 or more, is refused as a bad
/// `HOME` is (exit 78), not ignored; through the real binary.
@Suite(.serialized)
struct JournalLimitTests {
  @Test(arguments: ["abc", "-1", "1.5", "+"])
  func aLimitThatIsNotACountIsRefused(limit: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = [
      "SETTINGS_FILE": examplePath("phone-settings.json"), "SETTINGS_STORE": directory.file("s.json"),
      "XDG_CONFIG_HOME": directory.file("c"), "XDG_CACHE_HOME": directory.file("k"),
      "XDG_CONFIG_DIRS": directory.file("sys"), "SETTINGS_JOURNAL_LIMIT": limit,
    ]
    let expected = CommandOutcome(
      status: 78, stdout: "",
      stderr: "Error: SETTINGS_JOURNAL_LIMIT is '\(limit)', not a number of journal entries; "
        + "set it to a whole number, 0 or more (0 keeps none), or unset it for the default (1000)\n")
    #expect(try runBinary(["set", "airplane", "on"], environment: environment) == expected)
    #expect(try runBinary(["history"], environment: environment) == expected)
    #expect(!FileManager.default.fileExists(atPath: directory.file("s.json")))
    var valid = environment
    valid["SETTINGS_JOURNAL_LIMIT"] = "0"
    #expect(try runBinary(["set", "airplane", "on"], environment: valid).status == 0)
  }
}
