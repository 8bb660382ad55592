import SettingsKit
import TestSupport

/// Flips `watchTestDocument()`'s `marker` in `store` through a `Settings` of its own, so a watch of
/// `document` on that store reports it as made elsewhere, after whatever it reported before.
func flipMarker(_ document: SettingsDocument, in store: any SettingsStore) throws {
  let other = Settings(document: document, store: store)
  let now = try other.value(of: "marker")
  try other.set("marker", to: .bool(now != .bool(true)))
}

/// Whether `event` is the change of `marker` that ``flipMarker(_:in:)`` made.
func isMarker(_ event: SettingsEvent) -> Bool {
  if case .changed(let change) = event { change.key == "marker" } else { false }
}

extension Recorder where Element == SettingsEvent {
  /// What came before a flip of `marker` in `store` (see ``Recorder/settle(seconds:marking:until:)``).
  func settle(_ document: SettingsDocument, _ store: any SettingsStore) async throws -> [SettingsEvent] {
    try await settle(marking: { try flipMarker(document, in: store) }, until: isMarker)
  }
}

extension Recorder where Element == SettingsUpdate {
  /// What came before a flip of `marker` in `store` (see ``Recorder/settle(seconds:marking:until:)``).
  func settle(_ document: SettingsDocument, _ store: any SettingsStore) async throws -> [SettingsUpdate] {
    try await settle(
      marking: { try flipMarker(document, in: store) }, until: { $0.events.contains(where: isMarker) })
  }
}
