import Foundation

extension Process {
  /// Waits for the process to exit, at most `seconds`; then kills it with `SIGKILL` and waits up to
  /// 5 s more. Returns whether it exited within `seconds` by itself.
  ///
  /// Unlike `waitUntilExit()`, which waits for Foundation's own notice of the exit, this can never
  /// hold a test (and the test run) forever: a notice that never comes costs `seconds`, and the test
  /// that asked fails instead of hanging.
  @discardableResult
  public func waitForExit(seconds: Double = 60) -> Bool {
    if wait(until: Date().addingTimeInterval(seconds)) { return true }
    Foundation.kill(processIdentifier, SIGKILL)
    _ = wait(until: Date().addingTimeInterval(5))
    return false
  }

  private func wait(until deadline: Date) -> Bool {
    while isRunning {
      if Date() >= deadline { return false }
      usleep(5_000)
    }
    return true
  }
}
