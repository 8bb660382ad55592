import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The tests use real files in a fresh directory made with mkdtemp(3) and removed afterwards.
//
// They usually run as root, and root ignores permission bits, so the permission-denied tests only run
// for a non-root user (`.enabled(if: geteuid() != 0)`). A read-only file system cannot be set up
// without privileges, so that case is checked through the errno mapping only.

@Suite struct AtomicFileTests {
  // MARK: - Reading

  @Test func writeThenReadReturnsTheBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.json"
    try AtomicFile.write(Array(#"{"wifi":true}"#.utf8), to: path)
    #expect(try AtomicFile.read(path) == Array(#"{"wifi":true}"#.utf8))

    try AtomicFile.write([], to: path)
    #expect(try AtomicFile.read(path) == [])

    let large = (0..<(1 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try AtomicFile.write(large, to: path)
    #expect(try AtomicFile.read(path) == large)
    #expect(FileFixtures.names(in: directory.path) == ["store.json"])
  }

  /// A writer killed between naming its file and the rename leaves `.NAME.tmp-PID-HEX`: the next
  /// write of the same file removes it once that process is gone (pid 999999999 is above Linux's
  /// largest, so it never runs), and leaves a running process's name, another file's name and a
  /// name of the user's own.
  @Test func writeRemovesTemporaryNamesOfEndedWriters() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/view.json"
    for name in [
      ".view.json.tmp-999999999-1a2b", ".view.json.tmp-1-ff", ".other.json.tmp-999999999-1a2b",
      ".view.json.tmp-backup",
    ] {
      try AtomicFile.write(Array("left".utf8), to: directory.path + "/" + name)
    }
    try AtomicFile.write(Array("{}".utf8), to: path)
    #expect(
      FileFixtures.names(in: directory.path) == [
        ".other.json.tmp-999999999-1a2b", ".view.json.tmp-1-ff", ".view.json.tmp-backup", "view.json",
      ])
    #expect(try AtomicFile.read(path) == Array("{}".utf8))
  }

  @Test func readOfAMissingFileOrDanglingLinkIsNil() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(try AtomicFile.read(directory.path + "/missing.json") == nil)
    #expect(try AtomicFile.read(directory.path + "/missing-dir/missing.json") == nil)
    #expect(symlink("nowhere.json", directory.path + "/dangling.json") == 0)
    #expect(try AtomicFile.read(directory.path + "/dangling.json") == nil)
  }

  @Test func readOfADirectoryThrowsIsDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: FileSystemError.isDirectory(path: directory.path)) {
      try AtomicFile.read(directory.path)
    }
  }

  @Test func readBelowARegularFileThrowsNotADirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path + "/file.txt"
    FileFixtures.createFile(file, "x")
    let expected = FileSystemError.io(
      path: file + "/store.json", operation: "read", errno: ENOTDIR, reason: "Not a directory")
    #expect(throws: expected) { try AtomicFile.read(file + "/store.json") }
  }

  // MARK: - Permissions

  @Test(arguments: [0o600, 0o640, 0o200, 0o602] as [mode_t])
  func overwriteKeepsThePermissionBits(mode: mode_t) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.json"
    FileFixtures.createFile(path, "old")
    #expect(chmod(path, mode) == 0)
    try AtomicFile.write(Array("new".utf8), to: path)
    #expect(FileFixtures.mode(of: path) == mode)
    #expect(try AtomicFile.read(path) == Array("new".utf8))
  }

  /// A file without any write bit was replaced and stayed 0444; it is refused,
  /// even for root, and left as it was.
  @Test(arguments: [0o444, 0o400, 0o555, 0o000] as [mode_t])
  func fileWithoutWriteBitsIsRefusedAndLeftAlone(mode: mode_t) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.json"
    FileFixtures.createFile(path, "old")
    #expect(chmod(path, mode) == 0)
    #expect(throws: FileSystemError.permissionDenied(path: path, operation: "replace the read-only file")) {
      try AtomicFile.write(Array("new".utf8), to: path)
    }
    #expect(chmod(path, 0o644) == 0)
    #expect(FileFixtures.contents(of: path) == "old")
    #expect(FileFixtures.names(in: directory.path) == ["store.json"])
  }

  @Test func newFileHasMode644MinusTheUmask() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.json"
    try AtomicFile.write(Array("{}".utf8), to: path)
    #expect(FileFixtures.mode(of: path) == 0o644 & ~FileFixtures.umaskValue())
  }

  // MARK: - Directories

  @Test func missingParentDirectoriesAreCreatedWithMode700() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/a/b/c/store.json"
    try AtomicFile.write(Array("{}".utf8), to: path)
    #expect(try AtomicFile.read(path) == Array("{}".utf8))
    let expectedMode = 0o700 & ~FileFixtures.umaskValue()
    for created in ["/a", "/a/b", "/a/b/c"] {
      #expect(FileFixtures.mode(of: directory.path + created) == expectedMode)
    }
  }

  @Test func missingParentWithoutCreateDirectoriesThrowsNotFound() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: FileSystemError.notFound(path: directory.path + "/a/b")) {
      try AtomicFile.write(Array("{}".utf8), to: directory.path + "/a/b/store.json", createDirectories: false)
    }
    #expect(FileFixtures.names(in: directory.path) == [])
  }

  @Test func parentThatIsARegularFileThrowsAndChangesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path + "/file.txt"
    FileFixtures.createFile(file, "keep")
    for (parent, createDirectories) in [(file, true), (file, false), (file + "/sub", true)] {
      let expected = FileSystemError.io(
        path: parent, operation: "open directory", errno: ENOTDIR, reason: "Not a directory")
      #expect(throws: expected) {
        try AtomicFile.write(
          Array("{}".utf8), to: parent + "/store.json", createDirectories: createDirectories)
      }
    }
    #expect(FileFixtures.contents(of: file) == "keep")
    #expect(FileFixtures.names(in: directory.path) == ["file.txt"])
  }

  @Test func writeToADirectoryThrowsIsDirectoryAndLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.path + "/store.json"
    #expect(mkdir(target, 0o755) == 0)
    FileFixtures.createFile(target + "/inside.txt", "inside")
    #expect(throws: FileSystemError.isDirectory(path: target)) {
      try AtomicFile.write(Array("{}".utf8), to: target)
    }
    #expect(throws: FileSystemError.isDirectory(path: target + "/")) {
      try AtomicFile.write(Array("{}".utf8), to: target + "/")
    }
    #expect(FileFixtures.names(in: directory.path) == ["store.json"])
    #expect(FileFixtures.names(in: target) == ["inside.txt"])
    #expect(FileFixtures.contents(of: target + "/inside.txt") == "inside")
  }

  // Root bypasses permission bits, so these need a non-root user.
  @Test(.enabled(if: geteuid() != 0, "root ignores permission bits"))
  func readOnlyDirectoryThrowsPermissionDeniedAndChangesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let locked = directory.path + "/locked"
    let path = locked + "/store.json"
    #expect(mkdir(locked, 0o755) == 0)
    FileFixtures.createFile(path, "old")
    #expect(chmod(locked, 0o555) == 0)
    defer { _ = chmod(locked, 0o755) }
    #expect(throws: FileSystemError.permissionDenied(path: path, operation: "write")) {
      try AtomicFile.write(Array("new".utf8), to: path)
    }
    #expect(throws: FileSystemError.permissionDenied(path: locked + "/sub", operation: "create directory")) {
      try AtomicFile.write(Array("new".utf8), to: locked + "/sub/store.json")
    }
    #expect(FileFixtures.contents(of: path) == "old")
    #expect(FileFixtures.names(in: locked) == ["store.json"])
  }

  @Test(.enabled(if: geteuid() != 0, "root ignores permission bits"))
  func unreadableFileThrowsPermissionDenied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.json"
    FileFixtures.createFile(path, "secret")
    #expect(chmod(path, 0o000) == 0)
    #expect(throws: FileSystemError.permissionDenied(path: path, operation: "read")) {
      try AtomicFile.read(path)
    }
  }

  // MARK: - Symbolic links

  @Test func writeThroughAnAbsoluteLinkReplacesTheTargetAndKeepsTheLink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.path + "/data/store.json"
    let link = directory.path + "/config/store.json"
    #expect(mkdir(directory.path + "/data", 0o755) == 0)
    #expect(mkdir(directory.path + "/config", 0o755) == 0)
    FileFixtures.createFile(target, "old")
    #expect(chmod(target, 0o600) == 0)
    #expect(symlink(target, link) == 0)

    try AtomicFile.write(Array("new".utf8), to: link)
    #expect(FileFixtures.linkDestination(link) == target)
    #expect(FileFixtures.contents(of: target) == "new")
    #expect(FileFixtures.mode(of: target) == 0o600)
    #expect(FileFixtures.names(in: directory.path + "/data") == ["store.json"])
    #expect(FileFixtures.names(in: directory.path + "/config") == ["store.json"])
  }

  @Test func writeThroughARelativeLink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.path + "/data/store.json"
    let link = directory.path + "/config/store.json"
    #expect(mkdir(directory.path + "/data", 0o755) == 0)
    #expect(mkdir(directory.path + "/config", 0o755) == 0)
    FileFixtures.createFile(target, "old")
    #expect(symlink("../data/store.json", link) == 0)

    try AtomicFile.write(Array("new".utf8), to: link)
    #expect(FileFixtures.linkDestination(link) == "../data/store.json")
    #expect(FileFixtures.contents(of: target) == "new")
    #expect(AtomicFile.resolvedPath(link) == target)
  }

  @Test func writeThroughAChainOfTwoLinks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.path + "/data/store.json"
    let middle = directory.path + "/middle/store.json"
    let first = directory.path + "/store.json"
    #expect(mkdir(directory.path + "/data", 0o755) == 0)
    #expect(mkdir(directory.path + "/middle", 0o755) == 0)
    FileFixtures.createFile(target, "old")
    #expect(symlink(target, middle) == 0)  // absolute
    #expect(symlink("middle/store.json", first) == 0)  // relative

    try AtomicFile.write(Array("new".utf8), to: first)
    #expect(FileFixtures.linkDestination(first) == "middle/store.json")
    #expect(FileFixtures.linkDestination(middle) == target)
    #expect(FileFixtures.contents(of: target) == "new")
    #expect(FileFixtures.names(in: directory.path) == ["data", "middle", "store.json"])
    #expect(FileFixtures.names(in: directory.path + "/data") == ["store.json"])
  }

  @Test func writeThroughADanglingLinkCreatesTheTarget() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.path + "/store.json"
    #expect(symlink("data/real.json", link) == 0)

    try AtomicFile.write(Array("{}".utf8), to: link)
    #expect(FileFixtures.linkDestination(link) == "data/real.json")
    #expect(FileFixtures.contents(of: directory.path + "/data/real.json") == "{}")
    #expect(try AtomicFile.read(link) == Array("{}".utf8))
  }

  @Test func cycleOfLinksThrowsAndKeepsTheLinks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = directory.path + "/a.json"
    let second = directory.path + "/b.json"
    #expect(symlink("b.json", first) == 0)
    #expect(symlink("a.json", second) == 0)
    let expected = FileSystemError.io(
      path: first, operation: "resolve symbolic link", errno: ELOOP,
      reason: "Too many levels of symbolic links")
    #expect(throws: expected) { try AtomicFile.write(Array("{}".utf8), to: first) }
    #expect(FileFixtures.linkDestination(first) == "b.json")
    #expect(FileFixtures.linkDestination(second) == "a.json")
    #expect(FileFixtures.names(in: directory.path) == ["a.json", "b.json"])
  }

  // MARK: - resolvedPath

  @Test func resolvedPathOfAFileOrMissingPathIsAbsolute() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    FileFixtures.createFile(directory.path + "/store.json", "{}")
    #expect(AtomicFile.resolvedPath(directory.path + "/store.json") == directory.path + "/store.json")
    #expect(AtomicFile.resolvedPath(directory.path + "/new.json") == directory.path + "/new.json")
    #expect(AtomicFile.resolvedPath(directory.path + "/./new.json") == directory.path + "/new.json")
    #expect(AtomicFile.resolvedPath(directory.path + "/no/dir.json") == directory.path + "/no/dir.json")
    #expect(AtomicFile.resolvedPath("") == "")
  }

  @Test func resolvedPathOfARelativePathUsesTheWorkingDirectory() throws {
    let cwd = try #require(realpath(".", nil))
    defer { free(cwd) }
    let directory = String(cString: cwd)
    let expected = (directory == "/" ? "" : directory) + "/no-such-store.json"
    #expect(AtomicFile.resolvedPath("no-such-store.json") == expected)
  }

  @Test func twoLinksToOneFileResolveToTheSamePath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.path + "/deep/data/store.json"
    #expect(mkdir(directory.path + "/deep", 0o755) == 0)
    #expect(mkdir(directory.path + "/deep/data", 0o755) == 0)
    #expect(mkdir(directory.path + "/deep/links", 0o755) == 0)
    #expect(symlink(target, directory.path + "/deep/links/absolute.json") == 0)
    #expect(symlink("../data/store.json", directory.path + "/deep/links/relative.json") == 0)
    #expect(symlink("deep/links", directory.path + "/alias") == 0)
    // The target does not exist yet: the links are followed anyway.
    #expect(AtomicFile.resolvedPath(directory.path + "/deep/links/absolute.json") == target)
    #expect(AtomicFile.resolvedPath(directory.path + "/deep/links/relative.json") == target)
    // The ".." in the link is taken physically, as the kernel does: "alias/../data" is "deep/data",
    // where a lexical clean-up would give the wrong "data".
    #expect(AtomicFile.resolvedPath(directory.path + "/alias/relative.json") == target)
  }

  // MARK: - Concurrency with FileLock

  @Test func lockedReadModifyWritesFromManyTasksLoseNoUpdate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/counter"
    let lockPath = AtomicFile.resolvedPath(path) + ".lock"
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<25 {
            try FileLock.withLock(at: lockPath) {
              let old = try AtomicFile.read(path).map { Int(String(decoding: $0, as: UTF8.self))! } ?? 0
              try AtomicFile.write(Array(String(old + 1).utf8), to: path)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(FileFixtures.contents(of: path) == "100")
    #expect(FileFixtures.names(in: directory.path) == ["counter", "counter.lock"])
  }
}

@Suite struct FileSystemErrorTests {
  @Test func descriptions() {
    let cases: [(error: FileSystemError, description: String)] = [
      (.notFound(path: "/x/y.json"), "'/x/y.json' does not exist; check the path"),
      (
        .permissionDenied(path: "/x/y.json", operation: "write"),
        "cannot write '/x/y.json': permission denied; check the file's and its directory's permissions"
      ),
      (
        .permissionDenied(path: "/x", operation: "create directory"),
        "cannot create directory '/x': permission denied; check the file's and its directory's permissions"
      ),
      (
        .readOnlyFileSystem(path: "/x/y.json"),
        "cannot write '/x/y.json': the file system is read-only; keep the file on a writable file system"
      ),
      (.isDirectory(path: "/x/y.json"), "'/x/y.json' is a directory; give the path of a file"),
      (
        .busy(path: "/x/y.json.lock", waitedMilliseconds: 5000),
        "'/x/y.json.lock' is busy: another settings process held its lock for 5000 ms; try again"
      ),
      (
        .io(path: "/x/y.json", operation: "write", errno: 28, reason: "No space left on device"),
        "cannot write '/x/y.json': no space left on device (errno 28); check the path and the file system"
      ),
      (
        .io(path: "/x", operation: "read", errno: 72, reason: "RPC struct is bad"),
        "cannot read '/x': RPC struct is bad (errno 72); check the path and the file system"
      ),
      (
        .io(path: "/x", operation: "sync directory", errno: 5, reason: ""),
        "cannot sync directory '/x': unknown error (errno 5); check the path and the file system"
      ),
    ]
    for (error, description) in cases {
      #expect(error.description == description)
      #expect("\(error)" == description)
    }
  }

  @Test func errnoMapping() {
    #expect(FileSystemError(errno: ENOENT, path: "/p", operation: "read") == .notFound(path: "/p"))
    #expect(
      FileSystemError(errno: EACCES, path: "/p", operation: "write")
        == .permissionDenied(path: "/p", operation: "write"))
    #expect(
      FileSystemError(errno: EPERM, path: "/p", operation: "lock")
        == .permissionDenied(path: "/p", operation: "lock"))
    #expect(FileSystemError(errno: EROFS, path: "/p", operation: "write") == .readOnlyFileSystem(path: "/p"))
    #expect(FileSystemError(errno: EISDIR, path: "/p", operation: "write") == .isDirectory(path: "/p"))
    #expect(
      FileSystemError(errno: ENOTDIR, path: "/p", operation: "write")
        == .io(path: "/p", operation: "write", errno: ENOTDIR, reason: "Not a directory"))
    #expect(
      FileSystemError(errno: EIO, path: "/p", operation: "sync directory")
        == .io(path: "/p", operation: "sync directory", errno: EIO, reason: "Input/output error"))
  }
}

// MARK: - Test support (shared with FileLockTests)

/// Small file helpers for the store tests (the directories come from `TemporaryDirectory`).
enum FileFixtures {
  /// The sorted names in a directory, without "." and "..".
  static func names(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { _ = closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  static func createFile(_ path: String, _ text: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "cannot create \(path): errno \(errno)")
    let bytes = Array(text.utf8)
    precondition(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    _ = close(descriptor)
  }

  static func contents(of path: String) -> String? {
    guard let bytes = try? AtomicFile.read(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The permission bits of `path` (following links).
  static func mode(of path: String) -> mode_t {
    var info = stat()
    precondition(stat(path, &info) == 0, "cannot stat \(path)")
    return info.st_mode & 0o7777
  }

  /// The destination of the symbolic link at `path`, or nil when `path` is not a link (lstat(2)).
  static func linkDestination(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The process's umask, read without changing it from /proc/self/status on Linux.
  static func umaskValue() -> mode_t {
    if let status = try? AtomicFile.read("/proc/self/status") {
      let text = String(decoding: status, as: UTF8.self)
      for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
        let digits = line.dropFirst("Umask:".count).drop(while: { $0 == " " || $0 == "\t" })
        if let value = mode_t(digits, radix: 8) { return value }
      }
    }
    let value = umask(0o022)  // Elsewhere: read by setting, then restore at once.
    _ = umask(value)
    return value
  }
}
