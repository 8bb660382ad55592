import SettingsEtcd
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

  /// The text of `value` (a command's `--json` answer) as ``JSONWriter`` writes it, marked after a
  /// stale read: an object gets `"stale": true` and `"revision": N` as its first members (before
  /// the sorted ones), and any other value (`get`'s value, `list`'s array) becomes the object
  /// `{"stale": true, "revision": N, "<member>": value}`, so that no script takes it for fresh.
  func marking(_ value: JSONValue, as member: String) -> String {
    let text = JSONWriter().string(value)
    guard let read else { return text }
    let mark = "{\n  \"stale\": true,\n  \"revision\": \(read.revision)"
    if case .object(let members) = value.kind {
      // `{\n  "a": …` continues after the mark; `{}` ends with it.
      return members.isEmpty ? mark + "\n}\n" : mark + ",\n" + text.dropFirst(2)
    }
    // The value's lines go one level deeper (a JSON string never holds a raw line break).
    let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    return mark + ",\n  \"\(member)\": " + lines.joined(separator: "\n  ") + "\n}\n"
  }
}
