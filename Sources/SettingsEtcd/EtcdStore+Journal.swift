import SettingsKit

extension EtcdStore: JournalingStore {
  /// The journal as etcd holds it (``EtcdJournal``), read with the store at one revision and
  /// reconciled with it; see ``JournalingStore/journal(secureKeys:)``.
  ///
  /// A change made without the tool (`etcdctl put`) shows as an `outside` entry, which is also put
  /// in etcd right away (in a transaction that applies only while nothing under the prefix changed
  /// since the read), so that it keeps the time it was first noticed; when that fails (a write came
  /// first, or the user may only read), the next write records it.
  ///
  /// - Throws: ``StoreError/etcd(_:)`` when etcd does not answer.
  public func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    let read: PrefixRead
    do throws(EtcdClient.Failure) {
      read = try readPrefix(revision: nil)
    } catch {
      throw .etcd(Self.error(error))
    }
    let stored = EtcdJournal.parse(read.journal, journalPrefix: journalPrefix)
    let journal = EtcdJournal.reconcile(
      stored.journal, storeValues: read.contents.values, digest: EtcdJournal.digest(read.raw), time: .now,
      secureKeys: secureKeys, noticedBy: WriteContext(how: "outside"))
    if journalLimit > 0, stored.journal.baseDigest != nil,
      journal.entries.count > stored.journal.entries.count,
      let outside = journal.entries.last
    {
      recordNoticed(outside, after: read.contents.revision.number)
    }
    return journal
  }

  /// ``update(_:)`` with the change journaled in the same transaction; see
  /// ``update(journaling:_:)``. With ``journalLimit`` 0 nothing is journaled.
  public func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try update(journaling: journalLimit > 0 ? (context, secureKeys) : nil, body)
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
    let trimmed = EtcdJournal.trimmed(whole, limit: journalLimit)
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

  /// Puts the `outside` entry a read noticed, applied only while no key under the prefix changed
  /// after `revision`; its failure changes nothing, and is left for the next write.
  func recordNoticed(_ entry: JournalEntry, after revision: Int64) {
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
        .array([
          put(
            EtcdJournal.entryKey(entry.sequence, journalPrefix: journalPrefix), String(entry.line.dropLast()))
        ])
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
