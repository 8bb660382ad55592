import SettingsKit
import Testing

/// Checks that a ``SettingsKit/SettingsStore`` keeps the contract every store of SettingsKit keeps
/// (``SettingsKit/MemoryStore``, ``SettingsKit/FileStore``, the etcd store): reads with their
/// revision, atomic updates, conflicting updates that all land, bad stored values, deletion,
/// change events with nothing lost and nothing delivered twice, and lists of values and records.
///
/// Each check starts from a fresh, empty store that `makeStore` returns, and records what it finds
/// as issues of the running Swift Testing test, each naming the value checked, so call it from a test:
///
/// ```swift
/// import SettingsKitTesting
/// import Testing
///
/// @Test(arguments: StoreConformanceTest.Check.allCases)
/// func myStoreConforms(check: StoreConformanceTest.Check) async throws {
///   try await StoreConformanceTest { StoreUnderTest(MyStore()) }.run(check)
/// }
/// ```
///
/// ``run()`` runs every check in turn, for a single test.
public struct StoreConformanceTest: Sendable {
  /// What a store may do differently from another and still keep the contract.
  public struct Configuration: Sendable {
    /// The revision a fresh store reads at: ``SettingsKit/StoreRevision/initial`` for a file or
    /// memory, 1 for a new etcd cluster; nil to leave it unchecked.
    public var emptyRevision: StoreRevision?

    /// Whether ``SettingsKit/SettingsStore/changes(after:)`` from an older revision replays the
    /// changes made since (a store that keeps its history, as etcd does) rather than starting with
    /// ``SettingsKit/StoreChange/resynced(_:)`` (a file, memory).
    public var replaysHistory: Bool

    /// Whether every update that changes something is reported as a change of its own (memory),
    /// rather than several close together possibly coming as one (a file, etcd).
    public var reportsEveryUpdate: Bool

    /// Creates a configuration; the defaults are those of a file.
    public init(
      emptyRevision: StoreRevision? = .initial, replaysHistory: Bool = false, reportsEveryUpdate: Bool = false
    ) {
      self.emptyRevision = emptyRevision
      self.replaysHistory = replaysHistory
      self.reportsEveryUpdate = reportsEveryUpdate
    }
  }

  /// One part of the contract; ``run(_:)`` checks it on a fresh store.
  public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A fresh store reads as no overrides, at ``Configuration/emptyRevision``.
    case aNewStoreIsEmpty
    /// An update writes every change it makes, returns its body's result and moves the revision.
    case anUpdateWritesEveryChangeAndMovesTheRevision
    /// An update whose body throws changes nothing and throws
    /// ``SettingsKit/StoreUpdateError/refused(_:)`` with what the body threw.
    case aBodyThatThrowsChangesNothing
    /// Four tasks that each make ten read-modify-write updates of one counter all land.
    case conflictingUpdatesAllLand
    /// A stored value that the document refuses reads as the item's default, and the other keys
    /// (the document's, and one it does not know) are kept, through ``SettingsKit/Settings``.
    case aBadStoredValueReadsAsTheDefaultAndSparesTheOtherKeys
    /// A key an update removes is gone, and the revision moves.
    case aRemovedKeyIsGone
    /// ``SettingsKit/SettingsStore/changes(after:)`` reports every key once per difference and
    /// the last value of each, and nothing once the store is still.
    case changesReportEveryKeyOnceAndTheLastValueOfEach
    /// Changes after an older revision first catch up: the changes since, or the contents now.
    case changesAfterAnOlderRevisionCatchUpFirst
    /// A list of values and a list of records are stored, read back as the document's values,
    /// changed an element at a time (``SettingsKit/Settings/edit(_:_:)``) and reset, and the
    /// changes report their last elements.
    case listsAreStoredReadBackUpdatedAndWatched

    /// The check's name.
    public var testDescription: String { rawValue }
  }

  /// What the checks may expect of the store.
  public let configuration: Configuration
  let makeStore: @Sendable () throws -> StoreUnderTest

  /// Creates the test.
  ///
  /// - Parameters:
  ///   - configuration: what the store does that another store may do differently.
  ///   - makeStore: a fresh, empty store for one check, and how to remove what it leaves; called
  ///     once per check.
  public init(
    configuration: Configuration = Configuration(),
    makeStore: @escaping @Sendable () throws -> StoreUnderTest
  ) {
    self.configuration = configuration
    self.makeStore = makeStore
  }

  /// Runs every check (``Check/allCases``), each on a fresh store, one after another.
  ///
  /// - Throws: what `makeStore` throws, or an error a store threw where the contract allows none.
  public func run() async throws {
    for check in Check.allCases { try await run(check) }
  }

  /// Runs `check` on a fresh store from `makeStore`, and removes the store afterwards.
  ///
  /// - Throws: what `makeStore` throws, or an error the store threw where the contract allows none.
  public func run(_ check: Check) async throws {
    let subject = try makeStore()
    defer { subject.remove() }
    let store = subject.store
    switch check {
    case .aNewStoreIsEmpty: try checkANewStoreIsEmpty(store)
    case .anUpdateWritesEveryChangeAndMovesTheRevision: try checkAnUpdateWritesEveryChange(store)
    case .aBodyThatThrowsChangesNothing: try checkABodyThatThrowsChangesNothing(store)
    case .conflictingUpdatesAllLand: try await checkConflictingUpdatesAllLand(store)
    case .aBadStoredValueReadsAsTheDefaultAndSparesTheOtherKeys: try checkABadStoredValue(store)
    case .aRemovedKeyIsGone: try checkARemovedKeyIsGone(store)
    case .changesReportEveryKeyOnceAndTheLastValueOfEach: try await checkChangesReportEveryKeyOnce(store)
    case .changesAfterAnOlderRevisionCatchUpFirst: try await checkChangesAfterAnOlderRevision(store)
    case .listsAreStoredReadBackUpdatedAndWatched:
      try await checkListsAreStoredReadBackUpdatedAndWatched(store)
    }
  }
}

/// A store made for one check, and how to remove what it leaves (a folder, a server).
public struct StoreUnderTest: Sendable {
  /// The store, fresh and empty.
  public var store: any SettingsStore
  /// Removes what the store leaves; called once the check ends.
  public var remove: @Sendable () -> Void

  /// Creates a store under test.
  public init(_ store: any SettingsStore, remove: @escaping @Sendable () -> Void = {}) {
    self.store = store
    self.remove = remove
  }
}
