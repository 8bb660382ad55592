extension Settings {
  /// Every change of the values, made in this process or elsewhere, as it happens; with no daemon:
  /// the one way to observe a ``Settings`` (``monitor(_:startingFrom:handler:)`` hands the same
  /// updates to a callback, ``updates(_:initial:options:)-(String,_,_)`` one key's values, and the observers of
  /// ``addObserver(_:)`` get their changes).
  ///
  /// Each element is one ``SettingsUpdate``: everything one read of the store (or one reload of the
  /// document) found, so the changes of one write arrive together.
  ///
  /// The watch starts at once and reads the store; updates are buffered until read, and the watch
  /// stops when the iterating task is cancelled or the stream is released. A store that cannot be
  /// read when the watch starts counts as holding no overrides (a ``SettingsEvent/storeFailed(_:)``
  /// comes first). Changes made elsewhere (another process, a hand edit, the store's deletion, after
  /// which every key reads as its default) come as ``SettingsEvent/changed(_:)`` with
  /// ``ChangeOrigin/elsewhere``, those made through this object with ``ChangeOrigin/thisProcess``.
  /// With ``WatchOptions/documentPath`` the document is reloaded when its file changes.
  ///
  /// ```swift
  /// for await update in settings.changes() {
  ///   for change in update.changes { print(change.key, change.oldValue, change.newValue) }
  /// }
  /// ```
  public func changes(_ options: WatchOptions = WatchOptions()) -> AsyncStream<SettingsUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(of: SettingsUpdate.self)
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: true) { update in
      continuation.yield(update)
    }
    continuation.onTermination = { _ in watch.stop() }
    watch.start()
    return stream
  }

  /// The value of `key` now (when `initial` is true) and after every change to it, from this process
  /// or elsewhere: the shape of `Defaults.updates(_:initial:)`. Store errors and document reloads
  /// are not reported; a reloaded document's new default comes as a value when the key has no
  /// override.
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
    guard SettingsSnapshot(document: document).defaults[fullKey] != nil else {
      throw .noValue(key: key, type: item.type)
    }
    let (stream, continuation) = AsyncStream.makeStream(of: SettingValue.self)
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: true) { update in
      for change in update.changes where change.key == fullKey { continuation.yield(change.newValue) }
    }
    continuation.onTermination = { _ in watch.stop() }
    watch.start { values in
      if initial, let value = values[fullKey] { continuation.yield(value) }
    }
    return stream
  }

  /// Calls `handler` with every update about changes made elsewhere, in order, on the watch's own
  /// thread, until the returned watch is stopped or released: what a command that follows the
  /// store (`settings watch`) or a screen that redraws itself needs, without an async context.
  ///
  /// The updates are those of ``changes(_:)`` without the changes made through this object (the
  /// caller made them and knows): ``SettingsEvent/changed(_:)`` with ``ChangeOrigin/elsewhere``,
  /// store errors and recoveries, document reloads and failures, stored values rejected, locks. A
  /// store that cannot be read when the watch starts gives a ``SettingsEvent/storeFailed(_:)``
  /// first, before this returns. The handler may read and change settings; it should return
  /// quickly (the next updates wait for it).
  ///
  /// - Parameters:
  ///   - options: what the watch follows, and how.
  ///   - snapshot: a snapshot already read (a screen's), taken as the first read instead of
  ///     reading the store once more: on a large document that read costs as much as the snapshot.
  ///     Changes made after it are reported at the first refresh.
  ///   - handler: called with each update, on the watch's thread.
  public func monitor(
    _ options: WatchOptions = WatchOptions(), startingFrom snapshot: SettingsSnapshot? = nil,
    handler: @escaping @Sendable (SettingsUpdate) -> Void
  ) -> ObserverWatch {
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: false, emit: handler)
    watch.start(from: snapshot)
    return ObserverWatch(watch: watch)
  }

  /// Makes the observers registered with ``addObserver(_:)`` also receive changes made elsewhere
  /// (with ``ChangeOrigin/elsewhere``), on the watch's own thread, until the returned watch is
  /// stopped or released. Changes made through this object reach them as before.
  public func startWatching(_ options: WatchOptions = WatchOptions()) -> ObserverWatch {
    let watch = SettingsWatch(settings: self, options: options, includesLocalChanges: false) {
      [weak self] update in
      self?.notify(update.changes)
    }
    watch.start()
    return ObserverWatch(watch: watch)
  }
}

/// A running watch of changes made elsewhere, for ``Settings/startWatching(_:)`` and
/// ``Settings/monitor(_:startingFrom:handler:)``; it stops when stopped or released.
public final class ObserverWatch: Sendable {
  private let watch: SettingsWatch

  init(watch: SettingsWatch) {
    self.watch = watch
  }

  /// The mechanism in use: ``WatchMechanism/automatic`` for the kernel's notifications, a
  /// ``WatchMechanism/polling(intervalMilliseconds:)`` when asked for or fallen back to; nil for a
  /// store that is not a file.
  public var mechanism: WatchMechanism? { watch.activeMechanism }

  /// Stops delivering changes made elsewhere.
  public func stop() { watch.stop() }

  deinit { watch.stop() }
}
