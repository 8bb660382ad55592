import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// `history` and `undo` behave the same against a file and against etcd (issue 27, item 5): each
/// test runs against a ``FileStore`` and an ``EtcdStore``, through ``Settings``.
@Suite(.serialized)
struct JournalConformanceTests {
  static let kinds: [StoreKind] = [.file, .etcd]

  @Test(arguments: kinds)
  func eachKindOfChangeIsJournaledNewestFirst(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set", message: "for the flight")
    try settings.set("airplane", to: .bool(true))
    subject.context(settings, how: "toggle")
    _ = try settings.toggle("wifi")
    subject.context(settings, how: "reset")
    _ = try settings.reset(["airplane"])
    subject.context(settings, how: "load")
    try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true)
    #expect(
      try summary(settings.history()) == [
        "4 load: name - → \"Lee\", wifi false → -",
        "3 reset: airplane true → -",
        "2 toggle: wifi - → false",
        "1 set (for the flight): airplane - → true",
      ])
    let last = try #require(try settings.history(limit: 1).first)
    #expect(
      last.context
        == WriteContext(how: "load", message: nil, user: "kim", host: "h1", program: "settings", pid: 7))
    #expect(
      try summary(settings.history(keys: ["airplane"])) == [
        "3 reset: airplane true → -", "1 set (for the flight): airplane - → true",
      ])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
  }

  @Test(arguments: kinds)
  func eachWriteReturnsTheNumberOfTheEntryItMade(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    let seen = Mutex<[SettingChange]>([])
    settings.addObserver { change in seen.withLock { $0.append(change) } }
    #expect(
      try settings.set("airplane", to: .bool(true))
        == SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true), journalSequence: 1))
    // A write that changes nothing makes no entry.
    #expect(try settings.set("airplane", to: .bool(true)) == nil)
    #expect(try settings.toggle("wifi") == false)
    #expect(
      try settings.reset(["airplane"]) == [
        SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false), journalSequence: 3)
      ])
    #expect(try settings.reset(["airplane"]) == [])
    // Observers get the changes as the writes return them.
    #expect(seen.withLock { $0.map(\.journalSequence) } == [1, 2, 3])
    // A change made without the tool is journaled first, as `outside`: the write's entry follows.
    try subject.writeOutside(["wifi": "false", "name": "\"Park\""])
    subject.context(settings, how: "load")
    let plan = try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true)
    #expect(plan.entry == 5)
    #expect(try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true).entry == nil)
    subject.context(settings, how: "undo")
    let undo = try settings.undo(.last)
    #expect(undo.undone == [5])
    #expect(undo.entry == 6)
    #expect(
      undo.changes == [
        SettingChange(key: "name", oldValue: .string("Lee"), newValue: .string("Park"), journalSequence: 6),
        SettingChange(key: "wifi", oldValue: .bool(true), newValue: .bool(false), journalSequence: 6),
      ])
    subject.context(settings, how: "migrate")
    #expect(
      try settings.migrate([.drop("name")]) == [
        SettingChange(key: "name", oldValue: .string("Park"), newValue: .string("Kim"), journalSequence: 7)
      ])
    #expect(try settings.fix(droppingUnknownKeys: true) == [])
    #expect(
      try summary(settings.history(limit: 4)) == [
        "7 migrate: name \"Park\" → -", "6 undo: name \"Lee\" → \"Park\", wifi - → false",
        "5 load: name \"Park\" → \"Lee\", wifi false → -", "4 outside: name - → \"Park\"",
      ])
    // A journal that keeps no entry names none.
    let unkept = subject.settings(how: "set", store: subject.withLimit(0))
    #expect(
      try unkept.set("airplane", to: .bool(true))
        == SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true)))
    #expect(
      try unkept.reset(["airplane"])
        == [SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false))])
  }

  @Test(arguments: kinds)
  func undoTakesBackASetAResetAndALoadThatReplaces(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("name", to: .string("Lee"))
    try settings.set("airplane", to: .bool(true))
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [2])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    subject.context(settings, how: "reset")
    _ = try settings.reset(["name"])
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [4])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    subject.context(settings, how: "load")
    try settings.load(StoreContents(values: ["wifi": .bool(false)]), replacing: true)
    #expect(texts(try subject.store.read().values) == ["wifi": "false"])
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [6])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    #expect(
      try summary(settings.history()) == [
        "7 undo: name - → \"Lee\", wifi false → -",
        "6 load: name \"Lee\" → -, wifi - → false",
        "5 undo: name - → \"Lee\"",
        "4 reset: name \"Lee\" → -",
        "3 undo: airplane true → -",
        "2 set: airplane - → true",
        "1 set: name - → \"Lee\"",
      ])
  }

  @Test(arguments: kinds)
  func undoIsRefusedByALaterChangeUnlessForced(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    try settings.set("airplane", to: .bool(false))
    subject.context(settings, how: "undo")
    #expect(
      throws: SettingsError.undoRefused(.changedLater(key: "airplane", undoing: 1, later: 3, how: "set"))
    ) {
      try settings.undo(.entry(1))
    }
    #expect(texts(try subject.store.read().values) == ["airplane": "false", "name": "\"Lee\""])
    #expect(try settings.undo(.entry(1), force: true).undone == [1])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    #expect(throws: SettingsError.undoRefused(.noSuchEntry(9, kept: 1...4))) { try settings.undo(.entry(9)) }
  }

  @Test(arguments: kinds)
  func undoToATimePutsBackEveryKeyChangedSince(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    let then = JournalTime.now
    try settings.set("name", to: .string("Park"))
    _ = try settings.toggle("wifi")
    try settings.set("name", to: .string("Choi"))
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.time(then, keys: [])).undone == [3, 4, 5])
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "name": "\"Lee\""])
    #expect(try summary(settings.history(limit: 1)) == ["6 undo: name \"Choi\" → \"Lee\", wifi false → -"])
  }

  @Test(arguments: kinds)
  func undoingAnUndoRedoes(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("name", to: .string("Lee"))
    subject.context(settings, how: "undo")
    try settings.undo(.last)
    #expect(try subject.store.read().values == [:])
    #expect(try settings.undo(.last).undone == [2])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
  }

  @Test(arguments: kinds)
  func aChangeMadeWithoutTheToolIsJournaledAsOutside(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try subject.writeOutside(["airplane": "true", "name": "\"Lee\""])
    // Shown when read.
    let noticed = try #require(try settings.history(limit: 1).first)
    #expect(summary([noticed]) == ["2 outside: name - → \"Lee\""])
    // Its author is not known: not whoever noticed it.
    #expect(
      noticed.context == WriteContext(how: "outside", message: nil, user: "", host: "", program: "", pid: 0))
    // The read recorded it.
    #expect(try subject.journalText().components(separatedBy: #""how":"outside""#).count == 2)
    // Kept at the next write, before that write's own entry.
    try settings.set("wifi", to: .bool(false))
    #expect(
      try summary(settings.history()) == [
        "3 set: wifi - → false", "2 outside: name - → \"Lee\"", "1 set: airplane - → true",
      ])
    // It can be undone like any change.
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.entry(2)).undone == [2])
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "wifi": "false"])
  }

  @Test(arguments: kinds)
  func aSecretIsNeverJournaledAndOnlyUndoneToItsDefault(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("password", to: .string("hunter2"))
    try settings.set("password", to: .string("swordfish"))
    try settings.set("airplane", to: .bool(true))
    #expect(
      try summary(settings.history()) == [
        "3 set: airplane - → true", "2 set: password (secret) changed", "1 set: password (secret) set",
      ])
    let stored = try subject.journalText()
    #expect(!stored.contains("hunter2"))
    #expect(!stored.contains("swordfish"))
    #expect(stored.contains("airplane"))
    subject.context(settings, how: "undo")
    #expect(throws: SettingsError.undoRefused(.secret(key: "password"))) { try settings.undo(.entry(2)) }
    #expect(try settings.undo(.entry(1), force: true).undone == [1])
    #expect(texts(try subject.store.read().values) == ["airplane": "true"])
  }

  @Test(arguments: kinds)
  func theJournalKeepsItsLimitAndFoldsTheRestIntoItsBase(kind: StoreKind) throws {
    let subject = try JournalSubject(kind, limit: 3)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    for step in 1...10 { try settings.set("name", to: .string("n\(step)")) }
    let journal = try settings.journal()
    #expect(journal.entries.map(\.sequence) == [7, 8, 9, 10])
    #expect(journal.baseSequence == 6)
    #expect(texts(journal.base) == ["name": "\"n6\""])
    subject.context(settings, how: "undo")
    #expect(throws: SettingsError.undoRefused(.noSuchEntry(6, kept: 7...10))) { try settings.undo(.entry(6)) }
    #expect(try settings.undo(.entry(7), force: true).undone == [7])
    #expect(texts(try subject.store.read().values) == ["name": "\"n6\""])
  }

  @Test(arguments: kinds)
  func resettingEveryKeyKeepsTheJournal(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    subject.context(settings, how: "reset")
    _ = try settings.resetAll()
    #expect(try subject.store.read().values == [:])
    #expect(
      try summary(settings.history()) == [
        "3 reset: airplane true → -, name \"Lee\" → -", "2 set: name - → \"Lee\"", "1 set: airplane - → true",
      ])
    subject.context(settings, how: "undo")
    try settings.undo(.last)
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "name": "\"Lee\""])
  }
}

/// A document with switches, a text field and a secure text field.
let journalTestDocument = """
  {
    "id": "app",
    "sections": [
      {
        "items": [
          { "key": "airplane", "type": "switch", "title": "Airplane Mode", "on": false },
          { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true },
          { "key": "name", "type": "textField", "title": "Name", "value": "Kim" },
          { "key": "password", "type": "textField", "title": "Password", "secure": true }
        ]
      }
    ]
  }
  """

/// Entries as `N how (message): key before → after, …`, `-` for no override.
func summary(_ entries: [JournalEntry]) -> [String] {
  entries.map { entry in
    let message = entry.context.message.map { " (\($0))" } ?? ""
    let changes = entry.keys.map { key -> String in
      let change = entry.changes[key]!
      if change.isSecure {
        return "\(key) (secret) "
          + (change.before == nil ? "set" : change.after == nil ? "removed" : "changed")
      }
      return "\(key) \(change.before.map(text) ?? "-") → \(change.after.map(text) ?? "-")"
    }
    return "\(entry.sequence) \(entry.context.how)\(message): " + changes.joined(separator: ", ")
  }
}

/// A journaling store of one kind made for one test, with a way to change it without the tool.
struct JournalSubject {
  let store: any JournalingStore
  let document: SettingsDocument
  /// Sets keys to JSON texts behind the tool's back (a file: the whole file is written with them).
  let writeOutside: ([String: String]) throws -> Void
  /// The journal as stored.
  let journalText: () throws -> String
  /// Makes the stored record of entry N unreadable (a torn line, a value that is not JSON).
  let damageEntry: (Int) throws -> Void
  /// The same store with another journal limit.
  let withLimit: (Int) -> any JournalingStore
  /// The etcd cluster, for an etcd store.
  let cluster: EtcdCluster?
  let remove: () -> Void

  init(_ kind: StoreKind, limit: Int = FileStore.defaultJournalLimit) throws {
    document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(journalTestDocument.utf8)))
    switch kind {
    case .etcd:
      guard EtcdCluster.isInstalled else { throw LoopbackError(EtcdCluster.missingMessage) }
      let cluster = try EtcdCluster.start()
      let etcd = EtcdStore(endpoints: try EtcdEndpoint.list(cluster.endpointList), documentID: "app")
      withLimit = { limit in
        var store = etcd
        store.journalLimit = limit
        return store
      }
      store = withLimit(limit)
      writeOutside = { values in
        for (key, value) in values {
          let outcome = try cluster.etcdctl(["put", "/settings/app/\(key)", value])
          #expect(outcome.status == 0)
        }
      }
      journalText = { try cluster.etcdctl(["get", "--prefix", "/settings/app/.journal/"]).stdout }
      damageEntry = { sequence in
        let key = "/settings/app/.journal/" + String(repeating: "0", count: 20 - String(sequence).count)
        let outcome = try cluster.etcdctl(["put", key + String(sequence), #"{"changes":{"torn"#])
        #expect(outcome.status == 0)
      }
      self.cluster = cluster
      remove = { #expect(cluster.stop() == []) }
    default:
      let directory = try TemporaryDirectory()
      let path = directory.file("store/app.json")
      withLimit = { limit in
        var store = FileStore(path: path)
        store.journalLimit = limit
        return store
      }
      store = withLimit(limit)
      writeOutside = { values in
        let members = values.keys.sorted().map { "\"\($0)\": \(values[$0]!)" }
        // As an editor saves: a new file renamed over the store, never seen half-written.
        try replaceByRename(path, with: "{" + members.joined(separator: ", ") + "}\n")
      }
      journalText = { try directory.read("store/app.json.journal") ?? "" }
      damageEntry = { sequence in
        let lines = (try directory.read("store/app.json.journal") ?? "").split(separator: "\n").map { line in
          line.contains("\"seq\":\(sequence),") ? #"{"changes":{"torn"# : String(line)
        }
        _ = try directory.write("store/app.json.journal", lines.joined(separator: "\n") + "\n")
      }
      cluster = nil
      remove = directory.remove
    }
  }

  /// Settings over the store (or `other`, the same store otherwise set up), writing as `how` with
  /// `message`, by a fixed writer.
  func settings(how: String, message: String? = nil, store other: (any JournalingStore)? = nil) -> Settings {
    let settings = Settings(document: document, store: other ?? store)
    settings.writeContext = WriteContext(
      how: how, message: message, user: "kim", host: "h1", program: "settings", pid: 7)
    return settings
  }

  /// Makes `settings` write as `how`, with no message.
  func context(_ settings: Settings, how: String) {
    settings.writeContext.how = how
    settings.writeContext.message = nil
  }
}
