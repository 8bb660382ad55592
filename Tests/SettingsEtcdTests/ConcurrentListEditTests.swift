import SettingsKitTesting
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// Element changes of a list made by two writers at once, over etcd and over one file: the second
/// writer changes the list after the first has read it and before the first writes, and the first
/// writer's change is made again on the newer list, so both are kept.
@Suite(.serialized)
struct ConcurrentListEditTests {
  /// A list of addresses (default one element) and a list of records with a title field.
  static let document: SettingsDocument = {
    let text = """
      {"id": "app", "sections": [{"items": [
        {"key": "dns", "type": "list", "title": "DNS", "element": {"type": "textField"},
         "unique": true, "value": ["1.1.1.1"]},
        {"key": "hosts", "type": "list", "title": "Hosts", "titleField": "name",
         "fields": [{"key": "name", "type": "textField", "title": "Name"},
                    {"key": "port", "type": "number", "title": "Port", "value": 80}],
         "unique": "name", "value": [{"name": "a", "port": 80}]},
        {"key": "airplane", "type": "switch", "title": "Airplane"}
      ]}]}
      """
    return try! DocumentLoader.decode(SourceText(name: "app.json", bytes: Array(text.utf8)))
  }()

  static func settings(_ store: any JournalingStore, host: String) -> Settings {
    let settings = Settings(document: document, store: store)
    settings.writeContext = WriteContext(
      how: "add", message: nil, user: "kim", host: host, program: "settings", pid: 7)
    return settings
  }

  /// A list of texts as the store's JSON text.
  static func listText(_ elements: [String]) -> String {
    SettingsKitTesting.text(SettingValue.list(elements.map(SettingValue.string)).json)
  }

  /// Two writers on a new store of `kind`: `second` (host h2) and `first` (host h1), whose store
  /// is `racing`: `second` makes `change` inside `first`'s first write, after `first` has read the
  /// store and before it writes. The caller removes `subject`.
  struct Race {
    let subject: JournalSubject
    let second: Settings
    let racing: InterleavingStore
    let first: Settings
  }

  static func race(_ kind: StoreKind, _ change: @escaping @Sendable (Settings) throws -> Void) throws -> Race
  {
    let subject = try JournalSubject(kind)
    let second = settings(subject.store, host: "h2")
    let racing = interleaving(subject.store, second, change)
    return Race(subject: subject, second: second, racing: racing, first: settings(racing, host: "h1"))
  }

  /// `store`, on which `second` makes `change` inside the first write, as a racing writer would.
  static func interleaving(
    _ store: any JournalingStore, _ second: Settings, _ change: @escaping @Sendable (Settings) throws -> Void
  ) -> InterleavingStore {
    InterleavingStore(store) { #expect(throws: Never.self) { try change(second) } }
  }

  static func host(_ name: String, _ port: Int) -> SettingValue {
    .record(["name": .string(name), "port": .number(ExactDecimal(port))])
  }

  /// Two adds at once both keep their element; the first writer's add is made on the list the
  /// second wrote, at the end of it.
  @Test(arguments: StoreKind.allCases)
  func twoAddsAtOnceKeepBothElements(kind: StoreKind) throws {
    let race = try Self.race(kind) { try $0.edit("dns", .add(.string("8.8.8.8"), at: nil)) }
    defer { race.subject.remove() }
    let (subject, racing) = (race.subject, race.racing)
    let change = try race.first.edit("dns", .add(.string("9.9.9.9"), at: nil))
    #expect(
      change
        == SettingChange(
          key: "dns", oldValue: .list([.string("1.1.1.1"), .string("8.8.8.8")]),
          newValue: .list([.string("1.1.1.1"), .string("8.8.8.8"), .string("9.9.9.9")]), journalSequence: 2))
    // The first run read the store before the second writer's add; a later run read it after.
    let seen = racing.runs.withLock { $0.map { $0.values["dns"].map(text) } }
    #expect(seen.first == .some(nil))
    #expect(seen.last == Self.listText(["1.1.1.1", "8.8.8.8"]))
    #expect(
      texts(try subject.store.read().values) == ["dns": Self.listText(["1.1.1.1", "8.8.8.8", "9.9.9.9"])])
    let reader = Self.settings(subject.store, host: "h3")
    #expect(
      try reader.history().map { "\($0.sequence) \($0.context.host)" } == ["2 h1", "1 h2"])
  }

  /// A record added while another writer changes a field of the first record, and a move while
  /// another writer removes: every change is made on the list the other left.
  @Test(arguments: StoreKind.allCases)
  func recordChangesAtOnceAreAllKept(kind: StoreKind) throws {
    let race = try Self.race(kind) {
      try $0.edit("hosts", .setField("port", of: 1, to: .number(ExactDecimal(8080))))
    }
    defer { race.subject.remove() }
    let (first, racing) = (race.first, race.racing)
    try first.edit("hosts", .add(Self.host("b", 81), at: nil))
    #expect(try first.value(of: "hosts") == .list([Self.host("a", 8080), Self.host("b", 81)]))
    #expect(racing.runs.withLock { $0.count } >= 2)

    let remover = Self.interleaving(race.subject.store, race.second) {
      try $0.edit("hosts", .removeValue(.string("a")))
    }
    let mover = Self.settings(remover, host: "h1")
    // Moving the second record to the front finds only one record left: refused, nothing written.
    #expect(throws: SettingsError.self) { try mover.edit("hosts", .move(from: 2, to: 1)) }
    #expect(try first.value(of: "hosts") == .list([Self.host("b", 81)]))
  }
}
