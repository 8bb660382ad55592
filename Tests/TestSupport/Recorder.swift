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

  /// Waits a little and returns what arrived: for checking that nothing more comes.
  public func settle(milliseconds: Int = 400) async -> [Element] {
    try? await Task.sleep(for: .milliseconds(milliseconds))
    return elements
  }

  /// Stops the collecting task (which ends the stream and its watch).
  public func stop() { task.cancel() }

  deinit { task.cancel() }
}

/// A small document: two switches and a choice, all off or "a" by default.
public func watchTestDocument(alphaDefault: Bool = false) -> String {
  """
  {"version": 1, "id": "watch-test", "title": "T", "sections": [{"items": [
    {"key": "alpha", "type": "switch", "title": "Alpha", "on": \(alphaDefault)},
    {"key": "beta", "type": "switch", "title": "Beta", "on": false},
    {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
     "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}
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
