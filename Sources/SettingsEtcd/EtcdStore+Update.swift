import SettingsKit
import SettingsPOSIX

extension EtcdStore {
  /// Reads the prefix at a revision R, runs `body`, and sends one compare-and-swap transaction:
  /// its compare is "no key under the prefix has a mod_revision above R" (every update rewrites
  /// the head, so this catches deletions too); its success puts the changed keys, deletes the
  /// removed ones (two range deletes around the head when every override goes) and rewrites the
  /// head; its failure returns the head.
  ///
  /// A read, and a write that succeeds, refresh the last-known-good copy.
  ///
  /// `body` runs once per attempt (as `SettingsStore.update(_:)` allows), up to ``attempts``
  /// times with a jittered backoff of 10 to 200 ms after a failed compare. A transaction whose
  /// answer never comes is resolved through the head and its history (`resolve(writer:after:key:)`)
  /// and never sent again blind.
  ///
  /// - Throws: `StoreUpdateError.store(_:)` with `StoreError.backend(_:)` holding:
  ///   ``EtcdError/unreachable(_:)`` when the first read fails (nothing is sent),
  ///   ``EtcdError/conflict(key:attempts:)``, ``EtcdError/unknownOutcome(key:now:)``,
  ///   ``EtcdError/tooManyOperations(count:limit:)``, ``EtcdError/requestTooLarge(bytes:limit:)``;
  ///   or `StoreUpdateError.refused(_:)` with what `body` throws (nothing is sent then).
  public func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try update(journaling: nil) {
      (contents: inout StoreContents, _: () -> StoreJournal) throws(Refusal) -> T in
      try body(&contents)
    }
    .result
  }

  /// ``update(_:)``, with the change journaled when `journaling` is given: the journal is read
  /// with the store at the same revision, reconciled with it, given to `body`, and the change's
  /// entry (after an `outside` one when the store was changed without the tool) is put in the same
  /// transaction as the change, trimmed to ``journalLimit`` there too. Returns `body`'s result and
  /// the number of that entry (nil when nothing changed, nothing is journaled, or the journal keeps
  /// no entry).
  func update<T, Refusal: Error>(
    journaling: (context: WriteContext, secureKeys: Set<String>)?,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) {
    var firstKey = documentPrefix
    defer { rememberCheckedEndpoints() }
    for attempt in 1...attempts {
      let read: PrefixRead
      do throws(EtcdClient.Failure) {
        read = try readPrefix(revision: nil)
      } catch {
        throw .store(.etcd(Self.error(error)))
      }
      let revision = read.contents.revision.number
      var contents = read.contents
      let stored = journaling.map { _ in EtcdJournal.parse(read.journal, journalPrefix: journalPrefix) }
      let journal =
        journaling.map {
          reconciled(stored?.journal ?? StoreJournal(), with: read, secureKeys: $0.secureKeys).journal
            .trimmed(limit: journalLimit)
        } ?? StoreJournal()
      let result: T
      do throws(Refusal) { result = try body(&contents) { journal } } catch { throw .refused(error) }
      let before = read.contents.values
      let puts = contents.values.filter { key, value in before[key].map { !JSONValue.same($0, value) } ?? true
      }
      // A value that is not JSON goes when body drops it from `unparsed` (a reset) or sets the key.
      let removed =
        before.keys.filter { contents.values[$0] == nil }
        + read.contents.unparsed.keys.filter { contents.unparsed[$0] == nil && contents.values[$0] == nil }
      if puts.isEmpty && removed.isEmpty {
        lastKnownGood?.save(read.contents, clusterID: read.clusterID, for: self)
        return (result, nil)
      }
      firstKey = (puts.keys.sorted() + removed.sorted()).first ?? firstKey
      let writer = Self.writerID()
      let clearsAll = contents.values.isEmpty && contents.unparsed.isEmpty
      var journalOperations: [JSONValue] = []
      var entry: Int?
      if let journaling, let stored {
        var after = clearsAll ? [:] : read.raw
        for key in removed { after[key] = nil }
        for (key, value) in puts { after[key] = Array(JSONWriter().line(value).dropLast().utf8) }
        let made = JournalEntry(
          sequence: journal.nextSequence, time: .now, context: journaling.context,
          changes: StoreJournal.changes(
            from: read.contents.values, to: contents.values, secureKeys: journaling.secureKeys,
            comparingSecureText: true),
          beforeDigest: EtcdJournal.digest(read.raw), afterDigest: EtcdJournal.digest(after))
        journalOperations = journalTransactionOperations(
          stored: stored, journal: journal, entry: made, secureKeys: journaling.secureKeys)
        entry = journalLimit > 0 ? made.sequence : nil
      }
      let transaction: JSONValue
      do throws(StoreError) {
        transaction = try self.transaction(
          puts: puts, removed: removed, clearsAll: clearsAll, journal: journalOperations,
          after: revision, writer: writer)
      } catch {
        throw .store(error)
      }
      do throws(EtcdClient.Failure) {
        let answer = try client.call("/v3/kv/txn", transaction, timeoutMilliseconds: 5000, isWrite: true)
        if EtcdMessages.flag(answer[member: "succeeded"]) {
          // What this machine just wrote is what a stale read should show.
          var written = contents
          written.revision = StoreRevision(EtcdMessages.revision(answer))
          lastKnownGood?.save(written, clusterID: EtcdMessages.clusterID(answer), for: self)
          return (result, entry)
        }
      } catch {
        switch error {
        case .unknown:
          switch resolve(writer: writer, after: revision, key: firstKey) {
          case .applied: return (result, entry)
          case .notApplied: break
          case .undetermined(let now): throw .store(.etcd(.unknownOutcome(key: firstKey, now: now)))
          }
        case .etcd(.tooManyOperations):
          // etcd's --max-txn-ops is below maxTransactionOperations.
          guard case .array(let operations)? = transaction[member: "success"]?.kind else { fallthrough }
          throw .store(.etcd(.tooManyOperations(count: operations.count, limit: 0)))
        case .etcd(.requestTooLarge):
          // etcd's --max-request-bytes is below maxRequestBytes.
          throw .store(
            .etcd(.requestTooLarge(bytes: JSONWriter().line(transaction).utf8.count - 1, limit: 0)))
        default:
          throw .store(.etcd(Self.error(error)))
        }
      }
      if attempt < attempts { systemSleep(nanoseconds: Int64.random(in: 10...200) * 1_000_000) }
    }
    throw .store(.etcd(.conflict(key: firstKey, attempts: attempts)))
  }

  /// The transaction of one attempt, refused before anything is sent when it needs more
  /// operations or bytes than etcd allows.
  func transaction(
    puts: [String: JSONValue], removed: [String], clearsAll: Bool, journal: [JSONValue] = [],
    after revision: Int64, writer: String
  ) throws(StoreError) -> JSONValue {
    let end = EtcdMessages.rangeEnd(of: documentPrefix)
    var success: [JSONValue] = []
    for key in puts.keys.sorted() {
      let text = JSONWriter().line(puts[key]!).dropLast()
      success.append(
        .object([
          (
            "request_put",
            .object([
              ("key", EtcdMessages.key(documentPrefix + key)),
              ("value", .string(Base64.encode(String(text)))),
            ])
          )
        ]))
    }
    if clearsAll && !removed.isEmpty {
      // Every key but the head and the journal, also those no item can have (not UTF-8): three
      // range deletes around them (the head sorts before the journal's keys).
      success.append(
        .object([
          (
            "request_delete_range",
            .object([("key", EtcdMessages.key(documentPrefix)), ("range_end", EtcdMessages.key(headKey))])
          )
        ]))
      success.append(
        .object([
          (
            "request_delete_range",
            .object([
              ("key", EtcdMessages.key(headKey + "\u{0}")), ("range_end", EtcdMessages.key(journalPrefix)),
            ])
          )
        ]))
      success.append(
        .object([
          (
            "request_delete_range",
            .object([
              ("key", .string(EtcdMessages.rangeEnd(of: journalPrefix))), ("range_end", .string(end)),
            ])
          )
        ]))
    } else {
      for key in removed.sorted() {
        success.append(
          .object([("request_delete_range", .object([("key", EtcdMessages.key(documentPrefix + key))]))]))
      }
    }
    success += journal
    let head = JSONWriter().line(.object([("writer", .string(writer))])).dropLast()
    success.append(
      .object([
        (
          "request_put",
          .object([("key", EtcdMessages.key(headKey)), ("value", .string(Base64.encode(String(head))))])
        )
      ]))
    guard success.count <= maxTransactionOperations else {
      throw .etcd(.tooManyOperations(count: success.count, limit: maxTransactionOperations))
    }
    let transaction = JSONValue.object([
      (
        "compare",
        .array([
          .object([
            ("target", .string("MOD")), ("key", EtcdMessages.key(documentPrefix)),
            ("range_end", .string(end)),
            ("result", .string("LESS")), ("mod_revision", .string(String(revision + 1))),
          ])
        ])
      ),
      ("success", .array(success)),
      ("failure", .array([.object([("request_range", EtcdMessages.range(key: headKey))])])),
    ])
    let size = JSONWriter().line(transaction).utf8.count - 1
    guard size <= maxRequestBytes else {
      throw .etcd(.requestTooLarge(bytes: size, limit: maxRequestBytes))
    }
    return transaction
  }

  /// A write id: `<host>/<pid>/<random>`, the random part 16 hex digits.
  static func writerID() -> String {
    // 16 hex digits: each group of four keeps its leading zeros.
    let random = (0..<4).map { _ in
      let digits = String(UInt16.random(in: 0...UInt16.max), radix: 16)
      return String(repeating: "0", count: 4 - digits.count) + digits
    }.joined()
    return "\(systemHostName())/\(systemGetpid())/\(random)"
  }
}
