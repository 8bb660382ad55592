extension Settings {
  /// Every event about the settings, made in this process or elsewhere, as it happens, with no
  /// daemon: the one way to observe a ``Settings``. ``updates(_:initial:options:)-(String,_,_)``
  /// and ``updates(_:initial:options:)-(SettingKey<Value>,_,_)`` are this stream kept to one key's
  /// values.
  ///
  /// Each element is one ``SettingsEvent`` (not a batch of one read's events), so that a caller's
  /// loop is one `switch`, a caller that wants only values filters ``SettingsEvent/changed(_:)``,
  /// and the per-key streams are this one filtered. The events one read of the store
  /// (or one reload of the document) found come one after another, with nothing between them: the
  /// changes of one write (`settings set beta=on mode=b`) in the document's order, each naming the
  /// same journal entry (``SettingChange/journalSequence``) when the store keeps a journal.
  ///
  /// The watch starts at once and reads the store; events are buffered until read, and the watch
  /// stops when the iterating task is cancelled or the stream is released. A store that cannot be
  /// read when the watch starts counts as holding no overrides (a ``SettingsEvent/storeFailed(_:)``
  /// comes first). Changes made elsewhere (another process, a hand edit, the store's deletion, after
  /// which every key reads as its default) come as ``SettingsEvent/changed(_:)`` with
  /// ``ChangeOrigin/elsewhere``, those made through this object with ``ChangeOrigin/thisProcess``.
  /// With ``WatchOptions/documentPath`` the document is reloaded when its file changes.
  ///
  /// ```swift
  /// for await event in settings.changes() {
  ///   switch event {
  ///   case .changed(let change): print(change.key, change.oldValue, "->", change.newValue)
  ///   case .storeFailed(let error): print(error.message)  // values stay as last read
  ///   default: break
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter options: what the watch follows, and how.
  public func changes(_ options: WatchOptions = WatchOptions()) -> AsyncStream<SettingsEvent> {
    events(options, each: { $0 })
  }

  /// The value of `key` now (when `initial` is true) and after every change to it, from this process
  /// or elsewhere, in the shape of `Defaults.updates(_:initial:)`: ``changes(_:)`` kept to the new
  /// values of `key`'s ``SettingsEvent/changed(_:)`` events, after the value the watch's first read
  /// found. Other events are left out; a reloaded document's new default comes as a value when the
  /// key has no override.
  ///
  /// - Parameters:
  ///   - key: a full dot path or an item's own key, as ``item(_:)`` takes it.
  ///   - initial: whether the stream starts with the value now.
  ///   - options: what the watch follows, and how.
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/ambiguousKey(_:candidates:)``,
  ///   ``SettingsError/noValue(key:type:)`` for an item without a value (a detailTitle).
  public func updates(
    _ key: String, initial: Bool = true, options: WatchOptions = WatchOptions()
  ) throws(SettingsError) -> AsyncStream<SettingValue> {
    let item = try self.item(key)
    let fullKey = item.key ?? key
    guard SettingsSnapshot(document: document).defaultValue(forKey: fullKey) != nil else {
      throw .noValue(key: key, type: item.type)
    }
    return events(
      options, first: { snapshot in initial ? snapshot.value(forKey: fullKey) : nil },
      each: { event in event.newValue(of: fullKey) })
  }

  /// The stream behind ``changes(_:)`` and the `updates` of one key: a watch that includes this
  /// object's own changes, whose events go through `each` (nil drops one) and whose first read's
  /// values through `first`, before any event.
  func events<Element: Sendable>(
    _ options: WatchOptions, first: @escaping @Sendable (SettingsSnapshot) -> Element? = { _ in nil },
    each: @escaping @Sendable (SettingsEvent) -> Element?
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: true) { update in
      for event in update.events {
        if let element = each(event) { continuation.yield(element) }
      }
    }
    continuation.onTermination = { _ in watch.stop() }
    watch.start { snapshot in
      if let element = first(snapshot) { continuation.yield(element) }
    }
    return stream
  }

  /// Calls `handler` with every update about changes made elsewhere, in order, on the watch's own
  /// thread, until the returned watch is stopped or released: what a command that follows the
  /// store (`settings watch`) or a screen that redraws itself needs, without an async context.
  ///
  /// The updates hold the events of ``changes(_:)``, one update per read, without the changes
  /// made through this object (the caller made them and knows): ``SettingsEvent/changed(_:)`` with
  /// ``ChangeOrigin/elsewhere``, store errors and recoveries, document reloads and failures,
  /// stored values rejected, locks. A store that cannot be read when the watch starts gives a
  /// ``SettingsEvent/storeFailed(_:)`` first, before this returns. The handler may read and change
  /// settings; it should return quickly (the next updates wait for it).
  ///
  /// - Parameters:
  ///   - options: what the watch follows, and how.
  ///   - snapshot: a snapshot already read (a screen's), taken as the first read instead of
  ///     reading the store once more: on a large document that read costs as much as the snapshot.
  ///     Changes made after it are reported at the first refresh.
  ///   - handler: called with each update, on the watch's thread.
  package func monitor(
    _ options: WatchOptions = WatchOptions(), startingFrom snapshot: SettingsSnapshot? = nil,
    handler: @escaping @Sendable (SettingsUpdate) -> Void
  ) -> ObserverWatch {
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: false, emit: handler)
    watch.start(from: snapshot)
    return ObserverWatch(watch: watch)
  }
}

extension SettingsEvent {
  /// The change when this is a ``changed(_:)``, else nil.
  package var change: SettingChange? {
    if case .changed(let change) = self { change } else { nil }
  }

  /// The new value of `key` when this is its ``changed(_:)``, else nil.
  func newValue(of key: String) -> SettingValue? {
    change.flatMap { $0.key == key ? $0.newValue : nil }
  }
}

/// A running watch of changes made elsewhere, for ``Settings/monitor(_:startingFrom:handler:)``;
/// it stops when stopped or released.
package final class ObserverWatch: Sendable {
  private let watch: SettingsWatch

  init(watch: SettingsWatch) {
    self.watch = watch
  }

  /// The mechanism in use: ``WatchMechanism/automatic`` for the kernel's notifications, a
  /// ``WatchMechanism/polling(intervalMilliseconds:)`` when asked for or fallen back to; nil for a
  /// store that is not a file.
  package var mechanism: WatchMechanism? { watch.activeMechanism }

  /// Stops delivering changes made elsewhere.
  package func stop() { watch.stop() }

  deinit { watch.stop() }
}
