import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real binary with arguments and environment entries (`NAME=value`) given as bytes, which
/// need not be UTF-8 (`Process` takes only text); standard input is /dev/null, standard output and
/// error go through files.
public func runBinary(rawArguments arguments: [[UInt8]], environment: [[UInt8]] = []) throws -> CommandOutcome
{
  let scratch = try TemporaryDirectory()
  defer { scratch.remove() }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, scratch.file("out"), O_WRONLY | O_CREAT, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, scratch.file("err"), O_WRONLY | O_CREAT, 0o600)
  func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  }
  let argv = ([Array(settingsBinary.utf8)] + arguments).map(cString) + [nil]
  let envp = environment.map(cString) + [nil]
  defer { for pointer in argv + envp { pointer?.deallocate() } }
  var child: pid_t = 0
  guard posix_spawn(&child, settingsBinary, &actions, nil, argv, envp) == 0 else { throw POSIXError(.EIO) }
  var status: Int32 = 0
  while waitpid(child, &status, 0) < 0 {
    guard errno == EINTR else { throw POSIXError(.ECHILD) }
  }
  return CommandOutcome(
    status: (status >> 8) & 0xFF, stdout: try scratch.read("out") ?? "", stderr: try scratch.read("err") ?? ""
  )
}

/// The UTF-8 of each of `words`, for ``runBinary(rawArguments:environment:)``.
public func rawWords(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }
