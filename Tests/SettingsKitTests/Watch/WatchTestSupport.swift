import TestSupport

@testable import SettingsKit

/// The changes among `events`, as `key: old -> new (origin)` lines, for exact comparisons.
func changeLines(_ events: [SettingsEvent]) -> [String] {
  events.compactMap {
    guard case .changed(let change) = $0 else { return nil }
    return
      "\(change.key): \(change.oldValue) -> \(change.newValue)\(change.origin == .elsewhere ? "" : " (here)")"
  }
}
