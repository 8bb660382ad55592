import Synchronization

/// What the last compile of a document in memory left for the next (``DocumentCompilation/Reusable``):
/// a program that reloads a document when it changes (a watch) keeps one, so that a reload reads
/// again only the top-page sections whose bytes changed. The result is always the one a full
/// compile gives.
package final class CompilationReuse: Sendable {
  private let last = Mutex<DocumentCompilation.Reusable?>(nil)

  /// Nothing left yet: the first compile reads every section.
  package init() {}

  /// What the last compile left; nil before the first.
  var previous: DocumentCompilation.Reusable? { last.withLock { $0 } }

  /// Keeps what a compile left, for the next.
  func keep(_ reusable: DocumentCompilation.Reusable) {
    last.withLock { $0 = reusable }
  }
}
