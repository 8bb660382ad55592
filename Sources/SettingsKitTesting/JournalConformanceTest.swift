import SettingsKit
import Testing

/// Checks that a ``SettingsKit/JournalingStore`` keeps its journal as ``SettingsKit/FileStore`` and
/// the etcd store do, through ``SettingsKit/Settings``: `history` and `undo`, the entry each write
/// makes, changes made behind the tool's back journaled once as `outside`, secrets never journaled,
/// the journal's limit, and a damaged record.
///
/// Each check starts from a fresh, empty store that `makeStore` returns, with hooks that change
/// the store without the tool, and records what it finds with Swift Testing's `#expect`:
///
/// ```swift
/// @Test(arguments: JournalConformanceTest.Check.allCases)
/// func myStoreJournals(check: JournalConformanceTest.Check) async throws {
///   let test = JournalConformanceTest {
///     let backend = try MyBackend.fresh()
///     return JournalingStoreUnderTest(
///       store: MyStore(backend),
///       withJournalLimit: { MyStore(backend, journalLimit: $0) },
///       writeOutside: { try backend.put($0) },
///       journalText: { try backend.journalRecords() },
///       damageEntry: { try backend.tearJournalRecord($0) },
///       remove: { backend.delete() })
///   }
///   try await test.run(check)
/// }
/// ```
///
/// ``run()`` runs every check in turn, for a single test.
public struct JournalConformanceTest: Sendable {
  /// One part of the journal's contract; ``run(_:)`` checks it on a fresh store.
  public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A set, a toggle, a reset and a load are journaled newest first, with their context, and
    /// `history` filters by key.
    case eachKindOfChangeIsJournaledNewestFirst
    /// Each write returns the number of the entry it made (none when it changed nothing or the
    /// journal keeps no entry), and a change made outside is journaled before the next write's.
    case eachWriteReturnsTheNumberOfTheEntryItMade
    /// Undo takes back a set, a reset and a load that replaces, each as an entry of its own.
    case undoTakesBackASetAResetAndALoadThatReplaces
    /// Undo is refused when a later entry changed the key again, unless forced; an entry the
    /// journal does not keep is refused.
    case undoIsRefusedByALaterChangeUnlessForced
    /// Undo to a time puts back every key changed since.
    case undoToATimePutsBackEveryKeyChangedSince
    /// Undoing an undo redoes.
    case undoingAnUndoRedoes
    /// A change made without the tool is journaled as `outside`, by no known author, recorded by
    /// the read that notices it, and can be undone.
    case aChangeMadeWithoutTheToolIsJournaledAsOutside
    /// A secret's value is never journaled, and an undo puts it back only to its default.
    case aSecretIsNeverJournaledAndOnlyUndoneToItsDefault
    /// With a limit of 3 the journal keeps its last entries and folds the rest into its base.
    case theJournalKeepsItsLimitAndFoldsTheRestIntoItsBase
    /// Resetting every key keeps the journal, and can be undone.
    case resettingEveryKeyKeepsTheJournal
    /// A record damaged in the middle hides no later entry; it reads as made outside.
    case aRecordLostInTheMiddleHidesNoLaterEntry
    /// A limit of 0 keeps no entry, and writes made under it are not outside changes later.
    case aLimitOf0KeepsNoEntryAndLaterWritesAreNotOutside
    /// Undo to a time before what the journal knows is refused whole.
    case undoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole
    /// An undone change does not stop undoing the one before it.
    case anUndoneChangeDoesNotStopUndoingTheOneBefore
    /// A change made without the tool is recorded once, however many watches notice it.
    case aChangeMadeWithoutTheToolIsRecordedOnceByTheWatchesThatNoticeIt
    /// Element changes of a list are journaled one entry each and worded as the element change
    /// (`added 9.9.9.9 at 1`, `moved 9.9.9.9 to 3`); a record list with a secure field is
    /// journaled without that field's text, its other fields worded and undone, the undo of a
    /// change of the text refused; `undo N` of an add takes the element back from the list as it
    /// is now.
    case listElementChangesAreJournaledAndUndone

    /// The check's name.
    public var testDescription: String { rawValue }

    /// The journal limit the check runs with.
    var journalLimit: Int? {
      switch self {
      case .theJournalKeepsItsLimitAndFoldsTheRestIntoItsBase,
        .undoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole:
        3
      default: nil
      }
    }
  }

  let makeStore: @Sendable () throws -> JournalingStoreUnderTest

  /// Creates the test.
  ///
  /// - Parameter makeStore: a fresh, empty store for one check, with its hooks; called once per check.
  public init(makeStore: @escaping @Sendable () throws -> JournalingStoreUnderTest) {
    self.makeStore = makeStore
  }

  /// Runs every check (``Check/allCases``), each on a fresh store, one after another.
  ///
  /// - Throws: what `makeStore` or a hook throws, or an error the store threw where the contract
  ///   allows none.
  public func run() async throws {
    for check in Check.allCases { try await run(check) }
  }

  /// Runs `check` on a fresh store from `makeStore`, and removes the store afterwards.
  ///
  /// - Throws: what `makeStore` or a hook throws, or an error the store threw where the contract
  ///   allows none.
  public func run(_ check: Check) async throws {
    let subject = try JournalCheckSubject(makeStore(), journalLimit: check.journalLimit)
    defer { subject.remove() }
    switch check {
    case .eachKindOfChangeIsJournaledNewestFirst: try checkEachKindOfChangeIsJournaledNewestFirst(subject)
    case .eachWriteReturnsTheNumberOfTheEntryItMade:
      try checkEachWriteReturnsTheNumberOfTheEntryItMade(subject)
    case .undoTakesBackASetAResetAndALoadThatReplaces:
      try checkUndoTakesBackASetAResetAndALoadThatReplaces(subject)
    case .undoIsRefusedByALaterChangeUnlessForced: try checkUndoIsRefusedByALaterChangeUnlessForced(subject)
    case .undoToATimePutsBackEveryKeyChangedSince: try checkUndoToATimePutsBackEveryKeyChangedSince(subject)
    case .undoingAnUndoRedoes: try checkUndoingAnUndoRedoes(subject)
    case .aChangeMadeWithoutTheToolIsJournaledAsOutside:
      try checkAChangeMadeWithoutTheToolIsJournaledAsOutside(subject)
    case .aSecretIsNeverJournaledAndOnlyUndoneToItsDefault:
      try checkASecretIsNeverJournaledAndOnlyUndoneToItsDefault(subject)
    case .theJournalKeepsItsLimitAndFoldsTheRestIntoItsBase:
      try checkTheJournalKeepsItsLimitAndFoldsTheRestIntoItsBase(subject)
    case .resettingEveryKeyKeepsTheJournal: try checkResettingEveryKeyKeepsTheJournal(subject)
    case .aRecordLostInTheMiddleHidesNoLaterEntry: try checkARecordLostInTheMiddleHidesNoLaterEntry(subject)
    case .aLimitOf0KeepsNoEntryAndLaterWritesAreNotOutside:
      try checkALimitOf0KeepsNoEntryAndLaterWritesAreNotOutside(subject)
    case .undoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole:
      try checkUndoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole(subject)
    case .anUndoneChangeDoesNotStopUndoingTheOneBefore:
      try checkAnUndoneChangeDoesNotStopUndoingTheOneBefore(subject)
    case .aChangeMadeWithoutTheToolIsRecordedOnceByTheWatchesThatNoticeIt:
      try await checkAChangeMadeWithoutTheToolIsRecordedOnceByTheWatchesThatNoticeIt(subject)
    case .listElementChangesAreJournaledAndUndone: try checkListElementChangesAreJournaledAndUndone(subject)
    }
  }
}

/// A journaling store made for one check, with the ways the checks change it without the tool,
/// and how to remove what it leaves.
public struct JournalingStoreUnderTest: Sendable {
  /// The store, fresh and empty, with its default journal limit.
  public var store: any JournalingStore
  /// The same store with another journal limit (0 keeps no entry).
  public var withJournalLimit: @Sendable (Int) -> any JournalingStore
  /// Makes the store hold the given values (JSON texts by key) behind the tool's back, as an
  /// editor that saves a file or `etcdctl put` does; the checks give every key the store holds.
  public var writeOutside: @Sendable ([String: String]) throws -> Void
  /// The journal as the store keeps it, as text, for checks that a value is (not) in it.
  public var journalText: @Sendable () throws -> String
  /// Makes the stored record of the entry with this number unreadable (a torn record).
  public var damageEntry: @Sendable (Int) throws -> Void
  /// Removes what the store leaves; called once the check ends.
  public var remove: @Sendable () -> Void

  /// Creates a journaling store under test.
  public init(
    store: any JournalingStore,
    withJournalLimit: @escaping @Sendable (Int) -> any JournalingStore,
    writeOutside: @escaping @Sendable ([String: String]) throws -> Void,
    journalText: @escaping @Sendable () throws -> String,
    damageEntry: @escaping @Sendable (Int) throws -> Void,
    remove: @escaping @Sendable () -> Void = {}
  ) {
    self.store = store
    self.withJournalLimit = withJournalLimit
    self.writeOutside = writeOutside
    self.journalText = journalText
    self.damageEntry = damageEntry
    self.remove = remove
  }
}

/// What a check works with: the store (at the check's journal limit), its hooks, and a document
/// with switches, a text field and a secure text field.
struct JournalCheckSubject {
  let store: any JournalingStore
  let document: SettingsDocument
  let writeOutside: ([String: String]) throws -> Void
  let journalText: () throws -> String
  let damageEntry: (Int) throws -> Void
  let withJournalLimit: (Int) -> any JournalingStore
  let remove: () -> Void

  init(_ made: JournalingStoreUnderTest, journalLimit: Int?) throws {
    store = journalLimit.map(made.withJournalLimit) ?? made.store
    document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(journalTestDocument.utf8)))
    writeOutside = made.writeOutside
    journalText = made.journalText
    damageEntry = made.damageEntry
    withJournalLimit = made.withJournalLimit
    remove = made.remove
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

/// A document with switches, a text field and a secure text field.
package let journalTestDocument = """
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
package func summary(_ entries: [JournalEntry]) -> [String] {
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
