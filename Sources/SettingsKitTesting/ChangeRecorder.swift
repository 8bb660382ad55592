import Synchronization

/// Collects what a stream yields, on a task of its own, for a check to wait on with a bound.
final class ChangeRecorder<Element: Sendable>: Sendable {
  private final class Box: Sendable {
    let received = Mutex<[Element]>([])
  }
  private let box = Box()
  private let task: Task<Void, Never>

  /// Starts collecting what `stream` yields.
  init(_ stream: AsyncStream<Element>) {
    let box = box
    task = Task {
      for await element in stream { box.received.withLock { $0.append(element) } }
    }
  }

  /// Everything received so far.
  var elements: [Element] { box.received.withLock { $0 } }

  /// Waits up to `seconds` for `condition` to hold on what was received, and returns what was
  /// received then. 60 s by default: synchronous tests hold the cooperative pool's threads (one per
  /// core), and a busy machine can hold the collecting task back for many seconds; a store that
  /// keeps the contract never makes a check wait that long.
  func wait(seconds: Int = 60, until condition: ([Element]) -> Bool) async -> [Element] {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      let current = elements
      if condition(current) { return current }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return elements
  }

  /// Waits a little and returns what arrived: for checking that nothing more comes.
  func settle(milliseconds: Int = 400) async -> [Element] {
    try? await Task.sleep(for: .milliseconds(milliseconds))
    return elements
  }

  /// Stops the collecting task (which ends the stream and its watch).
  func stop() { task.cancel() }

  deinit { task.cancel() }
}
