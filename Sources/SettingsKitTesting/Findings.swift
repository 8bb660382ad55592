import Synchronization
import Testing

/// Where a conformance check's findings go: to Swift Testing as issues, or, while ``collecting(_:)``
/// runs, to a list that the kit's own tests compare with the findings they expect.
package final class Findings: Sendable {
  @TaskLocal static var current: Findings?
  private let messages = Mutex<[String]>([])

  /// The findings that `body` makes, in order, instead of issues of the running test.
  package static func collecting(_ body: () async throws -> Void) async rethrows -> [String] {
    let findings = Findings()
    try await $current.withValue(findings) { try await body() }
    return findings.messages.withLock { $0 }
  }

  /// Records `message` as a finding at `sourceLocation`.
  static func report(_ message: String, sourceLocation: SourceLocation) {
    if let current {
      current.messages.withLock { $0.append(message) }
    } else {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}

/// Reports a finding unless `actual` equals `expected`; `what` names the value checked.
func expectEqual<Value: Equatable>(
  _ actual: Value, _ expected: Value, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  Findings.report("\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

/// Reports a finding unless `actual` differs from `other`; `what` names the value checked.
func expectDifferent<Value: Equatable>(
  _ actual: Value, _ other: Value, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual == other else { return }
  Findings.report("\(what): \(actual), expected a change from it", sourceLocation: sourceLocation)
}
