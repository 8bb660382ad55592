#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Running code in a child process

/// Runs `body` in a child process (`fork`) and returns the child's exit status (`waitpid`, retried
/// on `EINTR`), `EIO` when the child was killed, or the `errno` of a failed `waitpid`; nil when
/// `fork` fails or the platform does not allow it (Darwin's Swift refuses `fork`). `body` must call
/// only async-signal-safe functions; the child ends with `_exit`.
/// The corresponding C functions are `fork`, `_exit` and `waitpid`.
package func systemRunInChildProcess(_ body: () -> Int32) -> Int32? {
  #if os(Linux)
    let child = fork()
    if child == 0 { _exit(body()) }
    if child < 0 { return nil }
    var status: Int32 = 0
    do {
      _ = try retryingOnInterrupt { waitpid(child, &status, 0) }
    } catch {
      return error.rawValue
    }
    // Exited normally (WIFEXITED): its status (WEXITSTATUS) is the result; killed: EIO.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : EIO
  #else
    return nil
  #endif
}

/// Starts `program` (looked up in `PATH`) with `arguments`, standard input from /dev/null, without
/// waiting for it; returns its process id, or nil when it cannot be started. The child is not
/// waited for (a helper such as `xdg-open` exits at once).
/// The corresponding C functions are `posix_spawn_file_actions_addopen` and `posix_spawnp`.
package func systemSpawn(_ program: String, _ arguments: [String]) -> Int32? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  let argv = ([program] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var child: pid_t = 0
  let status = posix_spawnp(&child, program, &actions, nil, argv, environ)
  return status == 0 ? child : nil
}
