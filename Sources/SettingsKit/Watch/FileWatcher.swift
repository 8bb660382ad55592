import Dispatch
import SettingsPOSIX
import Synchronization

/// How a watch learns that files changed.
public enum WatchMechanism: Sendable, Equatable {
  /// The kernel's notifications: inotify on Linux, kqueue on macOS and the BSDs; polling where
  /// neither is available or a per-user limit of watches is reached.
  case automatic
  /// `stat(2)` of every watched path every `intervalMilliseconds` (250 by default). Wakes four
  /// times a second even when nothing changes; for file systems that send no notifications (some
  /// network mounts) and for tests.
  case polling(intervalMilliseconds: Int = 250)
}

/// Calls a function whenever one of a set of files may have changed, from a thread of its own,
/// until it is stopped: no daemon, and an idle watch blocks in `poll(2)` (or `kevent(2)`) without
/// waking.
///
/// It watches directories as ``WatchPlan`` describes, so a file replaced by rename, rewritten in
/// place, deleted, created with its directories, or reached through a re-pointed symbolic link is
/// noticed. A notification means "read again": the caller compares what it reads with what it
/// knew. Several events close together give one call; an in-place write is reported when the
/// writer closes the file (or 50 ms after its first write, for a writer that keeps it open).
final class FileWatcher: Sendable {
  /// The mechanism actually in use, once the loop has started (polling after a fallback).
  var activeMechanism: WatchMechanism { core.active.withLock { $0 } }

  private let core: Core

  /// Starts watching `paths` with `mechanism`; `onChange` is called on the watcher's thread, never
  /// twice at once. Returns once the watches are in place.
  ///
  /// - Parameter simulatingWatchLimit: for tests, behave as if the kernel's per-user limit of
  ///   watches were reached, so that ``WatchMechanism/automatic`` falls back to polling.
  init(
    paths: [SystemPath], mechanism: WatchMechanism, simulatingWatchLimit: Bool = false,
    onChange: @escaping @Sendable () -> Void
  ) {
    core = Core(
      paths: paths, mechanism: mechanism, simulatingWatchLimit: simulatingWatchLimit, onChange: onChange)
    let core = core
    DispatchQueue(label: "SettingsKit.FileWatcher").async {
      core.run(mechanism)
      core.ended.signal()
    }
    // Return only once the watches are in place, so that a change made after this is never missed.
    core.ready.wait()
  }

  /// Stops the watch; `onChange` is not called after the loop sees the stop.
  func stop() {
    guard !core.stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    if let wake = core.wakePipe { FileEvents.wake(wake.write) }
  }

  /// Waits up to `seconds` for the loop to end after ``stop()``; whether it ended. A test's way to
  /// know that `onChange` can no longer be called.
  func waitUntilEnded(seconds: Double) -> Bool {
    core.ended.wait(timeout: .now() + seconds) == .success
  }

  deinit { stop() }

  /// The loop's state, owned by the loop's thread and the handle; descriptors close when both let go.
  private final class Core: Sendable {
    let paths: [SystemPath]
    let onChange: @Sendable () -> Void
    let stopped = Atomic<Bool>(false)
    let wakePipe: (read: Int32, write: Int32)?
    let active: Mutex<WatchMechanism>
    let ready = DispatchSemaphore(value: 0)
    /// Signalled when the loop has ended.
    let ended = DispatchSemaphore(value: 0)
    let simulatingWatchLimit: Bool
    private let isReady = Atomic<Bool>(false)

    init(
      paths: [SystemPath], mechanism: WatchMechanism, simulatingWatchLimit: Bool,
      onChange: @escaping @Sendable () -> Void
    ) {
      self.paths = paths
      self.simulatingWatchLimit = simulatingWatchLimit
      active = Mutex(mechanism)
      self.onChange = onChange
      wakePipe = makeWakePipe()
    }

    deinit {
      if let wakePipe {
        _ = systemClose(wakePipe.read)
        _ = systemClose(wakePipe.write)
      }
    }

    var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// Lets the creator go on: the watches are in place (called once; later calls do nothing).
    private func markReady() {
      if !isReady.exchange(true, ordering: .sequentiallyConsistent) { ready.signal() }
    }

    func run(_ mechanism: WatchMechanism) {
      if case .polling(let interval) = mechanism {
        return poll(every: interval)
      }
      #if os(Linux)
        if runNotify() { return }
      #elseif canImport(Darwin)
        if runKqueue() { return }
      #endif
      poll(every: 250)
    }

    // MARK: Polling

    /// What polling compares: each path's chain of links and its target's signature.
    private func signatures() -> [FileStatus?] {
      var result: [FileStatus?] = []
      let plan = WatchPlan(paths: paths)
      for path in paths { result.append(FileSystem.status(of: path, followingLinks: false)) }
      for target in plan.targets { result.append(FileSystem.status(of: target)) }
      return result
    }

    private func poll(every interval: Int) {
      active.withLock { $0 = .polling(intervalMilliseconds: interval) }
      var last = signatures()
      markReady()
      let wake = wakePipe.map { [$0.read] } ?? []
      while !isStopped {
        _ = waitUntilReadable(wake, timeoutMilliseconds: Int32(max(1, interval)))
        if isStopped { return }
        var current = signatures()
        // A file written again within its timestamp's granularity, at the same size, keeps its
        // signature: while a signature is that recent, read again at every poll.
        guard current != last || current.contains(where: { $0?.isRacy() ?? false }) else {
          continue
        }
        // A poll can land between a writer's truncation and its write: report only once the
        // signatures hold still for a short while (at most 10 × 50 ms), as inotify waits for the
        // writer to close the file.
        for _ in 0..<10 {
          _ = waitUntilReadable(wake, timeoutMilliseconds: 50)
          if isStopped { return }
          let again = signatures()
          if again == current { break }
          current = again
        }
        last = current
        onChange()
      }
    }

    // MARK: inotify

    #if os(Linux)
      /// Watches with inotify until stopped; false when inotify is unavailable or a limit was
      /// reached, for the caller to poll instead.
      private func runNotify() -> Bool {
        guard let wakePipe, !simulatingWatchLimit, case .success(let notify) = FileEvents.notifyOpen()
        else {
          return false
        }
        defer { _ = systemClose(notify) }
        active.withLock { $0 = .automatic }
        var watches: [Int32: Set<SystemPath>] = [:]
        /// Brings the watches in line with the file system; false when a limit stops it.
        ///
        /// A directory of the plan that is gone by the time it is watched (removed between the
        /// plan and `inotify_add_watch(2)`) makes the plan be worked out again, up to 10 times, so
        /// that its nearest existing ancestor is watched instead: its own removal event may never
        /// come (the watch it would come on was just dropped), and without a watch above it, a
        /// directory created again there would go unseen. So does a plan that differs once the
        /// watches are added: a directory created between the plan and the watch of its parent
        /// (`mkdir -p` of the store's folders racing this) made no event on that watch, and
        /// nothing would watch it or what is put in it.
        func update() -> Bool {
          var next: [Int32: Set<SystemPath>] = [:]
          var added = Set(watches.keys)
          for _ in 0..<10 {
            let plan = WatchPlan(paths: paths)
            next = [:]
            var vanished = false
            for (directory, names) in plan.interests {
              switch FileEvents.notifyAddWatch(notify, directory: directory) {
              case .success(let watch):
                next[watch, default: []].formUnion(names)
                added.insert(watch)
              case .failure(let failure) where failure.isLimit: return false
              case .failure: vanished = true
              }
            }
            if !vanished, WatchPlan(paths: paths) == plan { break }
          }
          for watch in added where next[watch] == nil {
            FileEvents.notifyRemoveWatch(notify, watch)
          }
          watches = next
          return true
        }
        guard update() else { return false }
        markReady()
        var deadline: Int64?  // When an in-place write not yet closed is reported.
        while !isStopped {
          let timeout =
            deadline.map { Int32(clamping: max(0, $0 - systemMonotonicNanoseconds() / 1_000_000)) } ?? -1
          let ready = waitUntilReadable([notify, wakePipe.read], timeoutMilliseconds: timeout)
          if isStopped { return true }
          var relevant = false
          var structural = false
          var written = false
          if ready.contains(notify) {
            while true {
              let bytes = FileEvents.drain(notify)
              if bytes.isEmpty { break }
              for event in FileEvents.notifyEvents(in: bytes) {
                let onDirectory = event.name.isEmpty
                if event.isOverflow {
                  (relevant, structural) = (true, true)
                  continue
                }
                guard watches[event.watch] != nil else { continue }  // One this loop removed.
                guard onDirectory || watches[event.watch]?.contains(event.name) == true else { continue }
                if event.isWriteOnly {
                  written = true
                } else {
                  relevant = true
                  if !event.isCloseAfterWrite { structural = true }
                }
              }
            }
          }
          if written && deadline == nil { deadline = systemMonotonicNanoseconds() / 1_000_000 + 50 }
          if let due = deadline, relevant || systemMonotonicNanoseconds() / 1_000_000 >= due {
            relevant = true
            deadline = nil
          }
          guard relevant else { continue }
          if structural, !update() { return false }
          onChange()
        }
        return true
      }
    #endif

    // MARK: kqueue

    #if canImport(Darwin)
      /// Watches with kqueue until stopped: each directory of the plan and each existing target
      /// (for writes in place); false when kqueue is unavailable.
      private func runKqueue() -> Bool {
        guard let wakePipe, !simulatingWatchLimit, let queue = FileEvents.kqueueOpen() else {
          return false
        }
        defer { _ = systemClose(queue) }
        active.withLock { $0 = .automatic }
        FileEvents.kqueueRegister(queue, wakePipe.read, isVnode: false)
        var open: [Int32] = []
        func update() {
          for descriptor in open { _ = systemClose(descriptor) }
          let plan = WatchPlan(paths: paths)
          open = (Array(plan.interests.keys) + plan.targets).compactMap(FileEvents.openForEvents)
          for descriptor in open { FileEvents.kqueueRegister(queue, descriptor, isVnode: true) }
        }
        defer { for descriptor in open { _ = systemClose(descriptor) } }
        update()
        markReady()
        while !isStopped {
          let ready = FileEvents.kqueueWait(queue, timeoutMilliseconds: -1)
          if isStopped { return true }
          _ = FileEvents.drain(wakePipe.read)
          guard ready.contains(where: { $0 != wakePipe.read }) else { continue }
          update()
          onChange()
        }
        return true
      }
    #endif
  }
}
