import SettingsKit
import Synchronization

/// Whether a command's reads of an etcd store came from the last-known-good copy, so that its
/// `--json` output says `"stale": true` and the copy's revision.
final class StaleReadLog: Sendable {
  private let last = Mutex<StaleRead?>(nil)

  /// Records a stale read.
  func record(_ read: StaleRead) { last.withLock { $0 = read } }

  /// The last stale read, or nil when every read reached etcd.
  var read: StaleRead? { last.withLock { $0 } }

  /// `text` (a command's `--json` output) with `"stale": true` and `"revision": N` as the first
  /// members when it is a pretty-printed JSON object; other shapes are left as they are (the
  /// warning on standard error says it).
  func marking(_ text: String) -> String {
    guard let read, text.hasPrefix("{\n") else { return text }
    return "{\n  \"stale\": true,\n  \"revision\": \(read.revision),\n" + text.dropFirst(2)
  }
}
