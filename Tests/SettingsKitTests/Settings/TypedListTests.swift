import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// Lists through typed keys, on Examples/phone-settings.json's three lists (a list of text, of
/// records with a secure field, of choices) and a real file store: whole lists read and written
/// as Swift arrays, elements added, removed and moved with ``ListEdit``, every rule checked, and
/// observers told which element changed.
@Suite(.serialized)
struct TypedListTests {
  static let document: SettingsDocument = try! DocumentLoader.load(path: examplePath("phone-settings.json"))

  /// A `Settings` on a new store file in `directory`.
  func makeSettings(_ directory: TemporaryDirectory) -> Settings {
    Settings(document: Self.document, store: FileStore(path: directory.file("store.json")))
  }

  static let work = SettingKeys.Vpn(
    name: "Work", server: "vpn.example.com", type: .ikev2, account: "kim", password: "hunter2")
  static let home = SettingKeys.Vpn(
    name: "Home", server: "10.0.0.1", type: .l2tp, account: "", password: "")

  @Test func eachListReadsAsItsSwiftType() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = makeSettings(directory)
    #expect(try settings[SettingKeys.dns] == ["1.1.1.1"])
    #expect(try settings[SettingKeys.preferredLanguages] == [.en, .ko])
    #expect(try settings[SettingKeys.vpn] == [])
    try settings.check(SettingKeys.dns)
    try settings.check(SettingKeys.preferredLanguages)
    try settings.check(SettingKeys.vpn)
    #expect(throws: SettingsError.typeMismatch(key: "dns", value: "1.1.1.1", expected: "Array<Int>")) {
      try settings.check(SettingKey<[Int]>("dns"))
    }
    // The default list is empty: a record of the fields' defaults does not convert to a String.
    do {
      try settings.check(SettingKey<[String]>("vpn"))
      Issue.record("no error")
    } catch {
      guard case .typeMismatch(let key, _, let expected) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(key == "vpn" && expected == "Array<String>")
    }
  }

  @Test func elementsAreAddedRemovedAndMovedOnTheStoreFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = makeSettings(directory)
    try settings.edit(SettingKeys.dns, .add("9.9.9.9"))
    try settings.edit(SettingKeys.dns, .add("8.8.8.8", at: 1))
    try settings.edit(SettingKeys.dns, .remove("1.1.1.1"))
    try settings.edit(SettingKeys.preferredLanguages, .add(.ja, at: 1))
    try settings.edit(SettingKeys.preferredLanguages, .move(from: 3, to: 2))
    try settings.edit(SettingKeys.preferredLanguages, .remove(at: 3))
    try settings.edit(SettingKeys.vpn, .add(Self.work))
    try settings.edit(SettingKeys.vpn, .add(Self.home, at: 1))
    try settings.edit(SettingKeys.vpn, .setField("server", of: 2, to: "vpn2.example.com"))
    try settings.edit(SettingKeys.vpn, .move(from: 2, to: 1))
    #expect(
      try directory.read("store.json") == """
        {
          "dns": [
            "8.8.8.8",
            "9.9.9.9"
          ],
          "preferred-languages": [
            "ja",
            "ko"
          ],
          "vpn": [
            {
              "account": "kim",
              "name": "Work",
              "password": "hunter2",
              "server": "vpn2.example.com",
              "type": "ikev2"
            },
            {
              "account": "",
              "name": "Home",
              "password": "",
              "server": "10.0.0.1",
              "type": "l2tp"
            }
          ]
        }

        """)
    let again = makeSettings(directory)
    var server = Self.work
    server.server = "vpn2.example.com"
    #expect(try again[SettingKeys.dns] == ["8.8.8.8", "9.9.9.9"])
    #expect(try again[SettingKeys.preferredLanguages] == [.ja, .ko])
    #expect(try again[SettingKeys.vpn] == [server, Self.home])
    #expect(try again[SettingKeys.vpn].first?.password.text == "hunter2")
  }

  @Test func aWholeListIsWrittenAndCheckedAsSetChecksIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = makeSettings(directory)
    try settings.set(SettingKeys.preferredLanguages, [.ko, .ja, .en])
    try settings.set(SettingKeys.dns, ["1.0.0.1", "1.1.1.1"])
    try settings.set(SettingKeys.vpn, [Self.home])
    #expect(try settings[SettingKeys.preferredLanguages] == [.ko, .ja, .en])
    #expect(try settings[SettingKeys.dns] == ["1.0.0.1", "1.1.1.1"])
    #expect(try settings[SettingKeys.vpn] == [Self.home])
    /// The message of the error that setting `value` throws; nil when it does not throw.
    func refusal<Value>(_ key: SettingKey<Value>, _ value: Value) -> String? {
      do {
        try settings.set(key, value)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(refusal(SettingKeys.preferredLanguages, []) == "preferred-languages: at least 1 element (got 0)")
    #expect(
      refusal(SettingKeys.dns, ["1.1.1.1", "1.1.1.1"])
        == "dns: '1.1.1.1' is in the list twice; its elements are unique")
    #expect(
      refusal(SettingKeys.vpn, [Self.home, Self.home])
        == "vpn: two elements have name 'Home'; the list's name values are unique")
    #expect(try settings[SettingKeys.dns] == ["1.0.0.1", "1.1.1.1"])
  }

  @Test func anElementThatBreaksThePatternIsRefusedAndNothingIsWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = makeSettings(directory)
    try settings.edit(SettingKeys.dns, .add("9.9.9.9"))
    do {
      try settings.edit(SettingKeys.dns, .add("dns.example.com", at: 1))
      Issue.record("no error")
    } catch {
      #expect(error.message == "dns: element 1: must be an IP address, such as 1.1.1.1")
      guard case .rejectedValue(let key, let value, let problem, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(key == "dns" && value == "dns.example.com")
      #expect(
        problem
          == .badElement(
            index: 1,
            problem: .patternMismatch(
              pattern: "[0-9]{1,3}([.][0-9]{1,3}){3}|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}",
              message: "must be an IP address, such as 1.1.1.1")))
    }
    #expect(
      try directory.read("store.json") == """
        {
          "dns": [
            "1.1.1.1",
            "9.9.9.9"
          ]
        }

        """)
  }

  @Test func observersAreToldWhatWasAddedRemovedOrMoved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = makeSettings(directory)
    let received = Mutex<[SettingChange]>([])
    let token = settings.addObserver { change in received.withLock { $0.append(change) } }
    defer { settings.removeObserver(token) }
    try settings.edit(SettingKeys.dns, .add("9.9.9.9", at: 1))
    try settings.edit(SettingKeys.dns, .move(from: 1, to: 2))
    try settings.edit(SettingKeys.dns, .remove(at: 1))
    try settings.edit(SettingKeys.vpn, .add(Self.home))
    try settings.edit(SettingKeys.vpn, .setField("account", of: 1, to: "lee"))
    try settings.edit(SettingKeys.dns, .replace(at: 1, with: "4.4.4.4"))
    try settings.set(SettingKeys.dns, ["2.2.2.2", "3.3.3.3"])
    var renamed = Self.home
    renamed.account = "lee"
    let changes = received.withLock { $0 }
    #expect(
      changes.map(\.listChange) == [
        .added(.string("9.9.9.9"), at: 1),
        .moved(.string("1.1.1.1"), from: 2, to: 1),
        .removed(.string("1.1.1.1"), from: 1),
        .added(Self.home.settingValue, at: 1),
        .changedField("account", at: 1, before: Self.home.settingValue, after: renamed.settingValue),
        .replaced(.string("9.9.9.9"), at: 1, with: .string("4.4.4.4")),
        nil,
      ])
    #expect(changes.map(\.key) == ["dns", "dns", "dns", "vpn", "vpn", "dns", "dns"])
  }

  /// A watch reports an element change made by another `Settings` on the same file with what it
  /// changed, as history words it.
  @Test func aChangeMadeElsewhereSaysWhichElementChanged() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let watching = makeSettings(directory)
    let recorder = Recorder(watching.changes())
    try makeSettings(directory).edit(SettingKeys.preferredLanguages, .move(from: 2, to: 1))
    let events = await recorder.wait { events in
      events.contains { if case .changed = $0 { true } else { false } }
    }
    let changes = events.compactMap { event -> SettingChange? in
      if case .changed(let change) = event { change } else { nil }
    }
    #expect(changes.map(\.key) == ["preferred-languages"])
    #expect(changes.map(\.origin) == [.elsewhere])
    #expect(changes.map(\.listChange) == [.moved(.string("ko"), from: 2, to: 1)])
  }
}
