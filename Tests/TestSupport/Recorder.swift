import Foundation
import Synchronization

/// Collects what a stream yields, on a task of its own, for a test to wait on with a bound.
public final class Recorder<Element: Sendable>: Sendable {
  private final class Box: Sendable {
    let received = Mutex<[Element]>([])
  }
  private let box = Box()
  private let task: Task<Void, Never>

  /// Starts collecting what `stream` yields.
  public init(_ stream: AsyncStream<Element>) {
    let box = box
    task = Task {
      for await element in stream { box.received.withLock { $0.append(element) } }
    }
  }

  /// Everything received so far.
  public var elements: [Element] { box.received.withLock { $0 } }

  /// Waits up to `seconds` for `condition` to hold on what was received, and returns what was
  /// received then. 60 s by default: synchronous tests hold the cooperative pool's threads (one per
  /// core), and a full run on two busy cores has held this task or the collecting one back for
  /// over 20 s; a passing test never waits that long.
  @discardableResult
  public func wait(seconds: Double = 60, until condition: ([Element]) -> Bool) async -> [Element] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let current = elements
      if condition(current) { return current }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return elements
  }

  /// Waits until at least `count` elements arrived (or the bound passes).
  @discardableResult
  public func wait(count: Int, seconds: Double = 60) async -> [Element] {
    await wait(seconds: seconds) { $0.count >= count }
  }

  /// What arrived before a marker: runs `mark`, a change that the watch reports after everything
  /// that came before it, waits up to `seconds` for the first element after that `isMarker`
  /// accepts, and returns the elements before it; the marker is then dropped, so later counts are
  /// as before.
  /// For checking that nothing more comes, with no time window to wait out.
  ///
  /// - Throws: what `mark` throws, and ``MarkerNotSeen`` when the marker does not come in time.
  public func settle(
    seconds: Double = 60, marking mark: () throws -> Void, until isMarker: @escaping (Element) -> Bool
  ) async throws -> [Element] {
    let before = elements.count
    try mark()
    let seen = await wait(seconds: seconds) { $0.dropFirst(before).contains(where: isMarker) }
    guard let index = seen.dropFirst(before).firstIndex(where: isMarker) else {
      throw MarkerNotSeen(elements: "\(seen)")
    }
    _ = box.received.withLock { $0.remove(at: index) }
    return Array(seen[..<index])
  }

  /// Stops the collecting task (which ends the stream and its watch).
  public func stop() { task.cancel() }

  deinit { task.cancel() }
}

/// The marker of ``Recorder/settle(seconds:marking:until:)`` did not come: what had come.
public struct MarkerNotSeen: Error, CustomStringConvertible {
  /// What had come, as text.
  public let elements: String
  /// The error, with what had come.
  public var description: String { "the marker did not come; received \(elements)" }
}

/// A small document: two switches and a choice, all off or "a" by default, and a `marker` switch
/// that the tests flip only to mark the end of what they wait for.
public func watchTestDocument(alphaDefault: Bool = false) -> String {
  """
  {"version": 1, "id": "watch-test", "title": "T", "sections": [{"items": [
    {"key": "alpha", "type": "switch", "title": "Alpha", "on": \(alphaDefault)},
    {"key": "beta", "type": "switch", "title": "Beta", "on": false},
    {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
     "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]},
    {"key": "marker", "type": "switch", "title": "Marker", "on": false}
  ]}]}

  """
}

/// Replaces `path` as an editor that saves to a new file and renames it does.
public func replaceByRename(_ path: String, with text: String) throws {
  let temporary = path + ".swp"
  try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
  guard rename(temporary, path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
}

/// Rewrites `path` in place (truncate, then write, as `echo … > path` does): same inode.
public func rewriteInPlace(_ path: String, with text: String) throws {
  guard let file = fopen(path, "w") else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
  fputs(text, file)
  fclose(file)
}

/// The parts of each element of `stream`, one element each, in order: for a test that compares the
/// events of a watch's updates as one list (the updates' boundaries are checked where they matter).
public func flattening<Whole: Sendable, Part: Sendable>(
  _ stream: AsyncStream<Whole>, _ parts: @escaping @Sendable (Whole) -> [Part]
) -> AsyncStream<Part> {
  let (flat, continuation) = AsyncStream.makeStream(of: Part.self)
  let task = Task {
    for await whole in stream {
      for part in parts(whole) { continuation.yield(part) }
    }
    continuation.finish()
  }
  continuation.onTermination = { _ in task.cancel() }
  return flat
}
