import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// `Settings.migrate`: rename, map values, drop; one validated atomic update, idempotent.
struct MigrationTests {
  static let steps: [MigrationStep] = [
    .rename(from: "dnd", to: "focus"),
    .rename(from: "roaming", to: "cellular.roaming"),
    .mapValues(key: "theme", [.init(from: .string("sepia"), to: .string("light"))]),
    .drop("oldCounter"),
  ]

  @Test func stepsApplyInOneUpdateAndObserversHearOfEachChange() throws {
    let (settings, store) = try Evolution.settings([
      "dnd": .bool(true), "roaming": .bool(false), "theme": .string("sepia"), "oldCounter": .integer(3),
      "airplane": .bool(true),
    ])
    let seen = Mutex<[String]>([])
    settings.addObserver { change in seen.withLock { $0.append("\(change.key) \(change.newValue)") } }
    let changes = try settings.migrate(Self.steps)
    #expect(
      try store.read().values == [
        "airplane": .bool(true), "focus": .bool(true), "cellular.roaming": .bool(false),
        "theme": .string("light"),
      ])
    // The renamed values already read through renamedFrom, and the rejected "sepia" read as the
    // default "light": no value changed.
    #expect(changes == [])
    #expect(seen.withLock { $0 } == [])
  }

  @Test func aMigrationThatChangesValuesReportsThem() throws {
    let document = try Evolution.document(Evolution.version1)
    let store = MemoryStore(values: ["theme": .string("dark"), "dnd": .bool(true)])
    let settings = Settings(document: document, store: store)
    let seen = Mutex<[String]>([])
    settings.addObserver { change in seen.withLock { $0.append("\(change.key) \(change.newValue)") } }
    let changes = try settings.migrate([
      .mapValues(key: "theme", [.init(from: .string("dark"), to: .string("sepia"))]), .drop("dnd"),
    ])
    #expect(
      changes == [
        SettingChange(key: "dnd", oldValue: .bool(true), newValue: .bool(false)),
        SettingChange(key: "theme", oldValue: .string("dark"), newValue: .string("sepia")),
      ])
    #expect(seen.withLock { $0 } == ["dnd off", "theme sepia"])
    #expect(try store.read().values == ["theme": .string("sepia")])
  }

  @Test func runningTheSameStepsAgainChangesNothing() throws {
    let (settings, store) = try Evolution.settings([
      "dnd": .bool(true), "focus": .bool(false), "theme": .string("sepia"),
    ])
    try settings.migrate(Self.steps)
    let after = try store.read()
    #expect(after.values == ["focus": .bool(false), "theme": .string("light")])
    #expect(try settings.migrate(Self.steps) == [])
    #expect(try store.read() == after)
  }

  @Test func aValueAlreadyStoredThatNoLongerFitsDoesNotStopAMigration() throws {
    let (settings, store) = try Evolution.settings(["focus": .string("yes"), "dnd": .bool(true)])
    try settings.migrate([.rename(from: "dnd", to: "focus")])
    #expect(try store.read().values == ["focus": .string("yes")])
  }

  @Test func aStepThatProducesARejectedValueStopsEverythingAndChangesNothing() throws {
    let values: [String: JSONValue] = ["dnd": .bool(true), "theme": .string("dark")]
    let (settings, store) = try Evolution.settings(values)
    #expect(
      throws: SettingsError.migrationRejected(
        step: 2, summary: "map the values of 'theme'", key: "theme", value: .string("sepia"),
        expected: #"one of "light", "dark""#)
    ) {
      try settings.migrate([
        .rename(from: "dnd", to: "focus"),
        .mapValues(key: "theme", [.init(from: .string("dark"), to: .string("sepia"))]),
      ])
    }
    #expect(try store.read().values == values)
    let error = SettingsError.migrationRejected(
      step: 2, summary: "map the values of 'theme'", key: "theme", value: .string("sepia"),
      expected: #"one of "light", "dark""#)
    #expect(
      error.message
        == #"migration step 2 (map the values of 'theme') gives 'theme' the value "sepia"; expected one of "light", "dark"; nothing was changed"#
    )
    #expect(
      throws: SettingsError.unknownKey("focs", suggestion: "focus")
    ) { try settings.migrate([.rename(from: "dnd", to: "focs")]) }
    #expect(try store.read().values == values)
  }
}
