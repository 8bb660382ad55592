import SettingsKit

extension EtcdStore: JournalingStore {
  /// The journal as etcd holds it (`EtcdJournal`), read with the store at one revision and
  /// reconciled with it; see `JournalingStore.journal(secureKeys:)`.
  ///
  /// A change made without the tool (`etcdctl put`) shows as an `outside` entry, which is also put
  /// in etcd right away (``recordOutsideChanges(secureKeys:)``), so that it keeps the time it was
  /// first noticed; when that fails (a write came first, or the user may only read), the next
  /// write records it.
  ///
  /// - Throws: `StoreError.etcd(_:)` when etcd does not answer.
  public func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    try recordingOutsideChanges(secureKeys: secureKeys).trimmed(limit: journalLimit)
  }

  /// Puts the `outside` entry of a change made without the tool in a transaction that applies
  /// only while nothing under the prefix changed since the store and the journal were read, so
  /// that of many readers and watches that notice it one records it; see
  /// `JournalingStore.recordOutsideChanges(secureKeys:)`. A transaction that does not apply
  /// changes nothing and is not an error: another reader or a write came first.
  ///
  /// - Throws: `StoreError.etcd(_:)` when etcd does not answer the read.
  public func recordOutsideChanges(secureKeys: Set<String>) throws(StoreError) {
    _ = try recordingOutsideChanges(secureKeys: secureKeys)
  }

  /// Reads the store and the journal at one revision, reconciles them, records the `outside`
  /// entry that gives (``recordNoticed(_:in:stored:secureKeys:after:)``), and returns the journal.
  private func recordingOutsideChanges(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    let read: PrefixRead
    do throws(EtcdClient.Failure) {
      read = try readPrefix(revision: nil)
    } catch {
      throw .etcd(Self.error(error))
    }
    let stored = EtcdJournal.parse(read.journal, journalPrefix: journalPrefix)
    let found = reconciled(stored.journal, with: read, secureKeys: secureKeys)
    if stored.journal.baseDigest != nil, let outside = found.noticed {
      var earlier = found.journal
      earlier.entries.removeLast()
      recordNoticed(
        outside, in: earlier, stored: stored, secureKeys: secureKeys, after: read.contents.revision.number)
    }
    return found.journal
  }

  /// `journal` (as stored) reconciled with the store as `read` holds it; an `outside` entry is
  /// timed now.
  func reconciled(_ journal: StoreJournal, with read: PrefixRead, secureKeys: Set<String>)
    -> StoreJournal.Reconciled
  {
    journal.reconciled(
      withStore: read.contents.values, digest: EtcdJournal.digest(read.raw), time: .now,
      secureKeys: secureKeys,
      dropsUnlandedEntry: false)
  }

  /// ``update(_:)`` with the change journaled in the same transaction; see
  /// `update(journaling:_:)`. With ``journalLimit`` 0 the journal keeps no entry: its base moves
  /// with every write.
  ///
  /// - Returns: `body`'s result, and the number of the entry the change made (nil when it changed
  ///   nothing, or with ``journalLimit`` 0).
  public func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) {
    try update(journaling: (context, secureKeys), body)
  }

  /// The operations that record `entry` after `journal` (the journal as `stored` holds it,
  /// reconciled): a put of each entry not yet stored, of the base when it is new or moved, and a
  /// range delete of the entries folded into the base when trimmed to ``journalLimit``.
  func journalTransactionOperations(
    stored: (journal: StoreJournal, hasBase: Bool), journal: StoreJournal, entry: JournalEntry,
    secureKeys: Set<String>
  ) -> [JSONValue] {
    var whole = journal
    whole.entries.append(entry)
    let trimmed = whole.trimmed(limit: journalLimit)
    let storedLast = stored.journal.baseDigest == nil ? 0 : stored.journal.nextSequence - 1
    var operations: [JSONValue] = []
    if trimmed.baseSequence != stored.journal.baseSequence, stored.journal.baseDigest != nil {
      operations.append(
        .object([
          (
            "request_delete_range",
            .object([
              ("key", EtcdMessages.key(journalPrefix)),
              (
                "range_end",
                EtcdMessages.key(EtcdJournal.entryKey(trimmed.baseSequence + 1, journalPrefix: journalPrefix))
              ),
            ])
          )
        ]))
    }
    if !stored.hasBase || trimmed.baseSequence != stored.journal.baseSequence {
      operations.append(put(journalPrefix + "base", EtcdJournal.baseText(trimmed, secureKeys: secureKeys)))
    }
    for entry in trimmed.entries where entry.sequence > storedLast {
      operations.append(
        put(EtcdJournal.entryKey(entry.sequence, journalPrefix: journalPrefix), String(entry.line.dropLast()))
      )
    }
    return operations
  }

  /// Puts the `outside` entry a read noticed after `journal` (as `stored` holds it, reconciled),
  /// applied only while no key under the prefix changed after `revision`; its failure changes
  /// nothing, and is left for the next write.
  func recordNoticed(
    _ entry: JournalEntry, in journal: StoreJournal, stored: (journal: StoreJournal, hasBase: Bool),
    secureKeys: Set<String>, after revision: Int64
  ) {
    let transaction = JSONValue.object([
      (
        "compare",
        .array([
          .object([
            ("target", .string("MOD")), ("key", EtcdMessages.key(documentPrefix)),
            ("range_end", .string(EtcdMessages.rangeEnd(of: documentPrefix))),
            ("result", .string("LESS")), ("mod_revision", .string(String(revision + 1))),
          ])
        ])
      ),
      (
        "success",
        .array(
          journalTransactionOperations(stored: stored, journal: journal, entry: entry, secureKeys: secureKeys)
        )
      ),
    ])
    _ = try? client.call("/v3/kv/txn", transaction, timeoutMilliseconds: 2000, isWrite: true)
  }

  /// A `request_put` operation of `text` at `key`.
  private func put(_ key: String, _ text: String) -> JSONValue {
    .object([
      ("request_put", .object([("key", EtcdMessages.key(key)), ("value", .string(Base64.encode(text)))]))
    ])
  }
}
