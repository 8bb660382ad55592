import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
