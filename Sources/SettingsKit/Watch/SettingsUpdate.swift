/// What one read of the store, or one reload of the document, brought: every event it found,
/// handed to a ``Settings/monitor(_:startingFrom:handler:)`` handler (the command layer's `watch`,
/// screens and `serve`) as one unit. ``Settings/changes(_:)`` yields the same events one by one.
///
/// Changes that one write made (`settings set beta=on mode=b`) are found by one read and arrive
/// in one update, in the document's order, so that no consumer acts on a part of them: a screen
/// that announces "mode changed elsewhere (and 1 more)" never sees `beta` alone. An update is
/// never empty.
package struct SettingsUpdate: Sendable, Equatable {
  /// The events, in the order they were found: a document reload or failure first, then a store
  /// failure or recovery, then value changes, stored values rejected and locks, each in the
  /// document's order.
  package var events: [SettingsEvent]

  /// An update of `events`.
  package init(_ events: [SettingsEvent]) {
    self.events = events
  }

  /// The value changes among the events.
  package var changes: [SettingChange] {
    events.compactMap { if case .changed(let change) = $0 { change } else { nil } }
  }
}
