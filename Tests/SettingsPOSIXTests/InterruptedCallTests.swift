import Foundation
import Synchronization
import Testing

@testable import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// How many times the test's `SIGUSR2` handler ran.
private let deliveries = Atomic<Int>(0)

/// What a call on another thread did, handed to the test.
private final class Outcome: Sendable {
  private let state = Mutex<(tid: Int32?, thread: pthread_t?, result: String?)>((nil, nil, nil))

  func started(tid: Int32, thread: pthread_t) {
    state.withLock {
      $0.tid = tid
      $0.thread = thread
    }
  }
  func finished(_ result: String) { state.withLock { $0.result = result } }
  var tid: Int32? { state.withLock { $0.tid } }
  var thread: pthread_t? { state.withLock { $0.thread } }
  var result: String? { state.withLock { $0.result } }
}

/// A wrapped call interrupted by a signal is retried (`EINTR` never reaches the caller): a thread
/// blocks on an empty pipe, a signal whose handler was installed without `SA_RESTART` is delivered
/// to it while it is blocked, then a byte is written; the call returns the byte's arrival.
@Suite(.serialized)
struct InterruptedCallTests {
  @Test func aPollInterruptedBySignalIsRetried() throws {
    let result = try interrupt { pipe in
      do {
        let events = try systemPoll([(pipe, .readable)], timeoutMilliseconds: -1)
        return events == [.readable] ? "readable" : "events \(events.map(\.rawValue))"
      } catch {
        return "\(error)"
      }
    }
    #expect(result == "readable")
  }

  @Test func aPollWithATimeoutInterruptedBySignalIsRetried() throws {
    let result = try interrupt { pipe in
      do {
        let events = try systemPoll([(pipe, .readable)], timeoutMilliseconds: 60_000)
        return events == [.readable] ? "readable" : "events \(events.map(\.rawValue))"
      } catch {
        return "\(error)"
      }
    }
    #expect(result == "readable")
  }

  @Test func aReadInterruptedBySignalIsRetried() throws {
    let result = try interrupt { pipe in
      var byte: UInt8 = 0
      do {
        let count = try withUnsafeMutableBytes(of: &byte) { buffer in
          try FileDescriptor(rawValue: pipe).read(into: buffer)
        }
        return "read \(count): \(byte)"
      } catch {
        return "\(error)"
      }
    }
    #expect(result == "read 1: 42")
  }

  // MARK: - Helpers

  /// Runs `call` on a new thread with the read end of an empty pipe; once the thread is blocked in
  /// a system call, delivers `SIGUSR2` to it (a no-op handler, no `SA_RESTART`), waits until the
  /// handler ran and the thread is blocked again or done, then writes the byte 42 and returns what
  /// `call` returned. Every wait has a deadline.
  func interrupt(_ call: @escaping @Sendable (Int32) -> String) throws -> String? {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in deliveries.add(1, ordering: .sequentiallyConsistent) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var old = sigaction()
    #expect(sigaction(SIGUSR2, &action, &old) == 0)
    defer { sigaction(SIGUSR2, &old, nil) }
    let (readEnd, writeEnd) = try systemPipe()
    defer {
      _ = systemClose(readEnd)
      _ = systemClose(writeEnd)
    }
    let before = deliveries.load(ordering: .sequentiallyConsistent)
    let outcome = Outcome()
    let thread = Thread {
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, SIGUSR2)
      pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      outcome.started(tid: Self.currentThreadID(), thread: pthread_self())
      outcome.finished(call(readEnd))
    }
    thread.start()
    try #require(waitUntil { outcome.tid != nil }, "the thread did not start")
    let tid = try #require(outcome.tid)
    try #require(waitUntil { Self.isBlocked(tid) }, "the thread did not block")
    #expect(pthread_kill(try #require(outcome.thread), SIGUSR2) == 0)
    #expect(waitUntil { deliveries.load(ordering: .sequentiallyConsistent) > before }, "no signal came")
    // Retried, the call blocks again; not retried, it returns at once (with EINTR).
    #expect(waitUntil { outcome.result != nil || Self.isBlocked(tid) })
    var byte: UInt8 = 42
    #expect(systemWrite(writeEnd, &byte, 1) == 1)
    #expect(waitUntil { outcome.result != nil }, "the call did not return")
    return outcome.result
  }

  /// Whether thread `tid` of this process sleeps in a system call (`/proc/self/task/TID/syscall`
  /// gives the call's number then; "running" while it runs).
  static func isBlocked(_ tid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")"),
      stat[stat.index(close, offsetBy: 2)] == "S",
      let call = try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8)
    else { return false }
    return !call.hasPrefix("running") && !call.hasPrefix("-1")
  }

  /// The calling thread's kernel id, from `/proc/thread-self` (`PID/task/TID`); Glibc's `gettid`
  /// does not import into Swift.
  static func currentThreadID() -> Int32 {
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    return link.split(separator: "/").last.flatMap { Int32($0) } ?? -1
  }

  /// Checks `condition` every millisecond until it holds (true) or 10 s pass (false).
  func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
      if Date() >= deadline { return false }
      usleep(1000)
    }
    return true
  }
}
