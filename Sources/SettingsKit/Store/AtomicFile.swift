#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and atomically replacing a whole file.
///
/// A reader sees either the old contents or the new contents of a file written with
/// ``write(_:to:createDirectories:)``, never a mix, and after a crash the file holds one or the other:
/// the new bytes go to a temporary file beside the target, are flushed to disk with `fsync(2)`, and
/// replace the target with `rename(2)`, as git's config writer and dconf do. Concurrent writers must
/// still serialize their read-modify-write with ``FileLock``, or the last rename wins.
///
/// All functions are stateless and safe to call from any thread.
public enum AtomicFile {
  /// The permission bits of a new file, before the process's umask is applied (so usually `0o644`).
  static let newFileMode: mode_t = 0o644

  /// The permission bits of a new directory, before the umask; `0o700` as the XDG Base Directory
  /// specification asks for a missing `$XDG_CONFIG_HOME`-style directory.
  static let newDirectoryMode: mode_t = 0o700

  /// How many symbolic links ``resolvedPath(_:)`` follows before it gives up (Linux's limit).
  static let maximumSymbolicLinks = 40

  /// Reads the whole file at `path`, following symbolic links.
  ///
  /// Returns `nil` when the file does not exist (`ENOENT`, which includes a dangling symbolic link).
  /// Uses `open(2)` with `O_RDONLY | O_CLOEXEC | O_NONBLOCK`, `fstat(2)` and `read(2)` in a loop that
  /// retries on `EINTR`. `limit` bounds what is read, in bytes (256 MiB by default).
  ///
  /// - Throws: ``FileSystemError/isDirectory(path:)`` when `path` is a directory,
  ///   ``FileSystemError/notRegularFile(path:)`` for a device, FIFO or socket,
  ///   ``FileSystemError/tooLarge(path:limit:)`` past `limit`,
  ///   ``FileSystemError/permissionDenied(path:operation:)`` (operation "read") when the file or a
  ///   directory on the way may not be read, and ``FileSystemError/io(path:operation:errno:reason:)``
  ///   for other failures, for example `ENOTDIR` when a component of the path is a regular file.
  public static func read(_ path: String, limit: Int = 256 << 20) throws(FileSystemError) -> [UInt8]? {
    // O_NONBLOCK so that opening a FIFO does not wait for a writer; it is refused below.
    let descriptor = openRetryingOnInterrupt(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw FileSystemError(errno: code, path: path, operation: "read")
    }
    defer { _ = close(descriptor) }

    var info = stat()
    if fstat(descriptor, &info) != 0 {
      throw FileSystemError(errno: errno, path: path, operation: "read")
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    if info.st_mode & S_IFMT != S_IFREG { throw .notRegularFile(path: path) }
    if Int(info.st_size) > limit { throw .tooLarge(path: path, limit: limit) }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw FileSystemError(errno: code, path: path, operation: "read")
      }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
    }
    return bytes
  }

  /// Replaces the contents of the file at `path` with `bytes`, atomically and durably.
  ///
  /// Steps and POSIX calls:
  /// 1. `path` is resolved with ``resolvedPath(_:)`` (`readlink(2)`, `realpath(3)`): a symbolic link
  ///    stays a link and its final target is replaced.
  /// 2. When `createDirectories` is true, missing parent directories are created with `mkdir(2)`, mode
  ///    `0o700` minus the umask (as the XDG Base Directory specification asks).
  /// 3. The target's directory is opened (`open(2)` with `O_DIRECTORY`) and the existing target is
  ///    examined with `fstatat(2)`.
  /// 4. On Linux an unnamed file is opened in that directory (`O_TMPFILE`), so a process killed while
  ///    writing leaves nothing behind; it is named `.<name>.tmp-<pid>-<random>` with `linkat(2)` only
  ///    once complete. Elsewhere that name is created with `openat(2)` and `O_CREAT | O_EXCL`. It is
  ///    filled with `write(2)` in a loop (partial writes, `EINTR`), given the existing target's owner
  ///    (`fchown(2)`, best effort: it only works as root) and permission bits (`fchmod(2)`), and
  ///    flushed with `fsync(2)`. A new file gets mode `0o644` minus the umask.
  /// 5. `renameat(2)` moves it over the target, and the directory is flushed with `fsync(2)` so the
  ///    rename survives a crash. On Linux the `linkat(2)` and the `renameat(2)` run in a child process
  ///    (`fork(2)`, then only those calls and `_exit(2)`) that this process waits for: a `SIGKILL` of
  ///    this process between the two calls cannot leave the named file behind, since the child
  ///    finishes the rename (and holds the store's lock, inherited, until it has). Where `fork(2)`
  ///    fails, the two calls run in this process.
  ///
  /// Hard links to the target are not updated (the rename gives the path a new inode), as with git.
  ///
  /// - Throws: ``FileSystemError``. Before the rename, any failure removes the temporary file
  ///   (`unlinkat(2)`) and leaves the target untouched: ``FileSystemError/notFound(path:)`` with the
  ///   directory's path when it is missing and `createDirectories` is false;
  ///   ``FileSystemError/isDirectory(path:)`` when the target is a directory;
  ///   ``FileSystemError/permissionDenied(path:operation:)`` ("write", "create directory", "open
  ///   directory"); ``FileSystemError/readOnlyFileSystem(path:)``; and
  ///   ``FileSystemError/io(path:operation:errno:reason:)`` for the rest, for example `ENOTDIR`
  ///   (operation "open directory") when a parent is a regular file, `ELOOP` (operation "resolve
  ///   symbolic link") for a cycle of links, or `ENOSPC`. Only a failure of the final directory
  ///   `fsync(2)` (operation "sync directory") is thrown after the target was replaced: the new
  ///   contents are in place but may not survive a crash.
  public static func write(
    _ bytes: [UInt8], to path: String, createDirectories: Bool = true
  ) throws(FileSystemError) {
    if path.isEmpty { throw .notFound(path: path) }
    if path.hasSuffix("/") { throw .isDirectory(path: path) }
    let target = resolvedPath(path)
    let (directory, name) = split(target)
    if name.isEmpty || name == "." || name == ".." { throw .isDirectory(path: target) }

    if createDirectories { try makeDirectories(directory) }
    let directoryDescriptor = openRetryingOnInterrupt(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    if directoryDescriptor < 0 {
      throw FileSystemError(errno: errno, path: directory, operation: "open directory")
    }
    defer { _ = close(directoryDescriptor) }

    var existing = stat()
    let exists = fstatat(directoryDescriptor, name, &existing, AT_SYMLINK_NOFOLLOW) == 0
    if !exists && errno != ENOENT {
      throw FileSystemError(errno: errno, path: target, operation: "write")
    }
    if exists && existing.st_mode & S_IFMT != S_IFLNK && existing.st_mode & S_IFMT != S_IFREG
      && existing.st_mode & S_IFMT != S_IFDIR
    {
      throw .notRegularFile(path: target)
    }
    if exists && existing.st_mode & S_IFMT == S_IFLNK {
      // resolvedPath gave up on a cycle (or a link appeared meanwhile); renaming would replace the link.
      throw .io(
        path: target, operation: "resolve symbolic link", errno: ELOOP,
        reason: FileSystemError.reason(for: ELOOP))
    }
    // A directory at the target is not rejected here: renameat reports it (EISDIR) without a race, and
    // the temporary file is cleaned up like after any other late failure.

    // Linux: an unnamed file (O_TMPFILE) that the kernel discards if the process dies while writing,
    // given a name only once complete; elsewhere, or where the file system lacks it, a named one.
    let unnamed = openUnnamedFile(in: directoryDescriptor, mode: exists ? 0o600 : newFileMode)
    var (descriptor, temporaryName) = (unnamed ?? -1, "")
    if unnamed == nil {
      (descriptor, temporaryName) = try createTemporaryFile(
        in: directoryDescriptor, for: name, target: target, mode: exists ? 0o600 : newFileMode)
    }
    func discardTemporaryFile() {
      if !temporaryName.isEmpty { _ = unlinkat(directoryDescriptor, temporaryName, 0) }
    }

    do throws(FileSystemError) {
      try writeAll(bytes, to: descriptor, path: target)
      if exists {
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
          _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // Only root may give a file away.
        }
        if fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
          throw FileSystemError(errno: errno, path: target, operation: "set permissions of")
        }
      }
      try syncRetryingOnInterrupt(descriptor, path: target, operation: "write")
      if unnamed != nil {
        try publishUnnamedFile(descriptor, in: directoryDescriptor, as: name, target: target)
      }
    } catch {
      _ = close(descriptor)
      discardTemporaryFile()
      throw error
    }
    if unnamed == nil, renameat(directoryDescriptor, temporaryName, directoryDescriptor, name) != 0 {
      let code = errno
      _ = close(descriptor)
      discardTemporaryFile()
      throw FileSystemError(errno: code, path: target, operation: "write")
    }
    // The contents were flushed by fsync above; a close error now cannot lose them.
    _ = close(descriptor)
    do throws(FileSystemError) {
      try syncRetryingOnInterrupt(directoryDescriptor, path: directory, operation: "sync directory")
    } catch {
      // Some file systems cannot sync a directory; there is nothing more to do there.
      if case .io(_, _, EINVAL, _) = error { return }
      throw error
    }
  }

  /// Follows `path` through symbolic links to the file that a write should replace.
  ///
  /// Follows chains of links (up to 40, Linux's limit), relative link targets (relative to the
  ///   link's directory, as the kernel does), and a final target that does not exist yet. Then, when
  /// the final target's directory exists, it is made absolute and canonical with `realpath(3)`, so
  /// that two different links to one file give the same path (and so the same lock file). Otherwise
  /// the path is returned as built, without lexical clean-up of `..`, which would be wrong when a
  /// component is itself a link. Uses `readlink(2)` and `realpath(3)`; never throws: an unreadable
  /// link or an unusual path (empty, ending in `/`) is returned as it is.
  public static func resolvedPath(_ path: String) -> String {
    if path.isEmpty || path.hasSuffix("/") { return path }
    var current = path
    for _ in 0..<maximumSymbolicLinks {
      guard let destination = readLink(current) else { break }
      if destination.hasPrefix("/") {
        current = destination
      } else {
        current = join(split(current).directory, destination)
      }
    }
    let (directory, name) = split(current)
    if name.isEmpty || name == "." || name == ".." { return current }
    guard let real = realpath(directory, nil) else { return current }
    defer { free(real) }
    return join(String(cString: real), name)
  }

  // MARK: - Helpers shared with FileLock

  /// Creates `directory` and its missing parents like `mkdir -p`, each with mode `0o700` minus the
  /// umask, flushing each new entry's parent directory with `fsync(2)` (best effort).
  ///
  /// A component that exists but is not a directory is left for the caller's `open(2)` to report as
  /// `ENOTDIR`.
  static func makeDirectories(_ directory: String) throws(FileSystemError) {
    var info = stat()
    var missing: [String] = []
    var current = directory
    while stat(current, &info) != 0 && errno == ENOENT {
      missing.append(current)
      let parent = split(current).directory
      if parent == current { break }
      current = parent
    }
    for path in missing.reversed() {
      if mkdir(path, newDirectoryMode) != 0 {
        let code = errno
        if code == EEXIST { continue }
        throw FileSystemError(errno: code, path: path, operation: "create directory")
      }
      let parent = openRetryingOnInterrupt(split(path).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
      if parent >= 0 {
        _ = fsync(parent)
        _ = close(parent)
      }
    }
  }

  /// Splits a path at its last `/`: `"a/b/c"` gives `("a/b", "c")`, `"c"` gives `(".", "c")`, and `"/c"`
  /// gives `("/", "c")`.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    if slash == path.startIndex { return ("/", name) }
    return (String(path[..<slash]), name)
  }

  /// `open(2)` that retries on `EINTR`.
  static func openRetryingOnInterrupt(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    while true {
      let descriptor = open(path, flags, mode)
      if descriptor >= 0 || errno != EINTR { return descriptor }
    }
  }

  // MARK: - Private

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The target of the symbolic link at `path`, or nil when it is not a link (or cannot be read).
  private static func readLink(_ path: String) -> String? {
    var capacity = 4096
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let count = readlink(path, &buffer, capacity)
      if count < 0 { return nil }
      if count < capacity {
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      capacity *= 2
    }
  }

  /// An unnamed regular file in the directory (`openat(2)` with `O_TMPFILE`, Linux 3.11+), or nil
  /// where the platform or file system does not offer one.
  private static func openUnnamedFile(in directoryDescriptor: Int32, mode: mode_t) -> Int32? {
    #if os(Linux)
      // O_TMPFILE is (__O_TMPFILE | O_DIRECTORY) = 0o20200000 in the kernel's asm-generic flags; the
      // macro does not import into Swift.
      let unnamedFlag: Int32 = 0o20_200_000
      let descriptor = openat(directoryDescriptor, ".", O_WRONLY | O_CLOEXEC | unnamedFlag, mode)
      return descriptor >= 0 ? descriptor : nil
    #else
      return nil
    #endif
  }

  /// Gives a complete unnamed file a temporary name with `linkat(2)` through `/proc/self/fd` and
  /// renames it over `name`, in a child process where `fork(2)` allows (see ``write(_:to:createDirectories:)``).
  private static func publishUnnamedFile(
    _ descriptor: Int32, in directoryDescriptor: Int32, as name: String, target: String
  ) throws(FileSystemError) {
    var attempts = 0
    while true {
      let temporaryName = ".\(name).tmp-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
      let code = linkAndRenameOutsideThisProcess(
        "/proc/self/fd/\(descriptor)", in: directoryDescriptor, temporaryName, to: name)
      if code == 0 { return }
      attempts += 1
      if (code == EEXIST || code == EINTR) && attempts < 100 { continue }
      throw FileSystemError(errno: code, path: target, operation: "write")
    }
  }

  /// Whether `name` is exactly `<prefix><pid>-<hex>`, the shape of this type's temporary names, so
  /// that a user's `.store.json.tmp-backup` is never taken for one.
  static func isTemporaryName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCII)
      && parts[0].allSatisfy(\.isNumber)
      && !parts[1].isEmpty && parts[1].allSatisfy(\.isHexDigit) && parts[1].allSatisfy(\.isASCII)
  }

  /// Runs ``linkAndRename(_:in:_:to:)`` in a child process and returns its result (0 or an `errno`);
  /// in this process when `fork(2)` fails. The child inherits the descriptors, so `/proc/self/fd/N`
  /// names the same file there, and calls nothing but `linkat(2)`, `renameat(2)`, `unlinkat(2)` and
  /// `_exit(2)`, which are async-signal-safe as POSIX requires after a `fork(2)`.
  private static func linkAndRenameOutsideThisProcess(
    _ source: String, in directoryDescriptor: Int32, _ temporaryName: String, to name: String
  ) -> Int32 {
    source.withCString { source in
      temporaryName.withCString { temporaryName in
        name.withCString { name in
          #if os(Linux)
            let child = fork()
            if child == 0 { _exit(linkAndRename(source, in: directoryDescriptor, temporaryName, to: name)) }
            if child < 0 { return linkAndRename(source, in: directoryDescriptor, temporaryName, to: name) }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 {
              if errno != EINTR { return errno }
            }
            // Exited normally (WIFEXITED): its status (WEXITSTATUS) is the result; killed: EIO.
            return status & 0x7F == 0 ? (status >> 8) & 0xFF : EIO
          #else
            // Only Linux has unnamed files (and Darwin's Swift refuses fork).
            return linkAndRename(source, in: directoryDescriptor, temporaryName, to: name)
          #endif
        }
      }
    }
  }

  /// `linkat(2)` of `source` to `temporaryName`, then `renameat(2)` over `name`; 0, or the failing
  /// call's `errno` after removing the temporary name again. Async-signal-safe.
  private static func linkAndRename(
    _ source: UnsafePointer<CChar>, in directoryDescriptor: Int32, _ temporaryName: UnsafePointer<CChar>,
    to name: UnsafePointer<CChar>
  ) -> Int32 {
    if linkat(AT_FDCWD, source, directoryDescriptor, temporaryName, AT_SYMLINK_FOLLOW) != 0 { return errno }
    if renameat(directoryDescriptor, temporaryName, directoryDescriptor, name) != 0 {
      let code = errno
      _ = unlinkat(directoryDescriptor, temporaryName, 0)
      return code
    }
    return 0
  }

  /// Removes temporary files that writers of `path` left when they were killed between naming their
  /// file and renaming it. Call it only while holding the store's lock, when no writer is mid-write.
  public static func removeStaleTemporaryFiles(for path: String) {
    let (directory, name) = split(resolvedPath(path))
    guard let stream = opendir(directory.isEmpty ? "." : directory) else { return }
    defer { closedir(stream) }
    let prefix = ".\(name).tmp-"
    let directoryDescriptor = dirfd(stream)
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if isTemporaryName(entryName, prefix: prefix) { _ = unlinkat(directoryDescriptor, entryName, 0) }
    }
  }

  private static func createTemporaryFile(
    in directoryDescriptor: Int32, for name: String, target: String, mode: mode_t
  ) throws(FileSystemError) -> (descriptor: Int32, name: String) {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
    var attempts = 0
    while true {
      let suffix = String(UInt32.random(in: .min ... .max), radix: 16)
      let temporaryName = ".\(name).tmp-\(getpid())-\(suffix)"
      let descriptor = openat(directoryDescriptor, temporaryName, flags, mode)
      if descriptor >= 0 { return (descriptor, temporaryName) }
      let code = errno
      attempts += 1
      if (code == EEXIST || code == EINTR) && attempts < 100 { continue }
      throw FileSystemError(errno: code, path: target, operation: "write")
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
    let code: Int32 = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = posixWrite(descriptor, buffer.baseAddress! + offset, min(buffer.count - offset, 1 << 30))
        if count > 0 {
          offset += count
        } else if count == 0 {
          return EIO  // write(2) made no progress; do not spin.
        } else if errno != EINTR {
          return errno
        }
      }
      return 0
    }
    if code != 0 { throw FileSystemError(errno: code, path: path, operation: "write") }
  }

  private static func syncRetryingOnInterrupt(
    _ descriptor: Int32, path: String, operation: String
  ) throws(FileSystemError) {
    while fsync(descriptor) != 0 {
      let code = errno
      if code != EINTR { throw FileSystemError(errno: code, path: path, operation: operation) }
    }
  }
}

// Inside `AtomicFile`, `read` and `write` name its own methods; these reach the POSIX functions.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
