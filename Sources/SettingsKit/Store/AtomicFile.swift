import SettingsPOSIX

/// Reading and atomically replacing a whole file.
///
/// A reader sees either the old contents or the new contents of a file written with
/// ``write(_:to:createDirectories:privateMode:)``, never a mix, and after a crash the file holds
/// one or the other: the new bytes go to a temporary file beside the target, are flushed to disk with
/// `fsync(2)`, and replace the target with `rename(2)`, as git's config writer and dconf do. Concurrent
/// writers must still serialize their read-modify-write with ``FileLock``, or the last rename wins.
///
/// All functions are stateless and safe to call from any thread. Each takes a `SystemPath` (the
/// path's bytes) or, for convenience, a `String` (its UTF-8 bytes).
package enum AtomicFile {
  /// The permission bits of a new file, before the process's umask is applied (so usually `0o644`).
  static let newFileMode: FileMode = 0o644
  /// The most a read takes by default, in bytes: 256 MiB.
  static let readLimit = 256 << 20

  /// Reads the whole file at `path`, following symbolic links; nil when it does not exist.
  ///
  /// The same as `FileSystem.readFile(at:limit:)`: `open(2)`, `fstat(2)`, `read(2)`; `limit` in
  /// bytes (256 MiB by default).
  ///
  /// - Throws: `FileSystemError`: a directory, a special file, a file past `limit`, no permission,
  ///   or another failure of `open(2)` or `read(2)`.
  package static func read(_ path: SystemPath, limit: Int = readLimit) throws(FileSystemError) -> [UInt8]? {
    try FileSystem.readFile(at: path, limit: limit)
  }

  /// Reads the whole file at the path with `path`'s UTF-8 bytes; see ``read(_:limit:)-(SystemPath,_)``.
  package static func read(_ path: String, limit: Int = readLimit) throws(FileSystemError) -> [UInt8]? {
    try FileSystem.readFile(at: SystemPath(path), limit: limit)
  }

  /// Replaces the contents of the file at `path` with `bytes`, atomically and durably.
  ///
  /// Steps and POSIX calls:
  /// 1. `path` is resolved with ``resolvedPath(_:)->SystemPath`` (`readlink(2)`, `realpath(3)`): a symbolic link
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
  ///    rename survives a crash. The `linkat(2)` and the `renameat(2)` run in this process: a
  ///    `SIGKILL` between the two leaves the temporary name (never the target half-written), which
  ///    the next writer removes: the store's under its lock (``removeStaleTemporaryFiles(for:)-(SystemPath)``),
  ///    any other after its own write once the process that made the name no longer runs. (Running
  ///    them in a forked child, which finished the rename for a killed parent, cost a copy of the
  ///    page tables: 25.7 ms of a 37.5 ms toggle in a 110 MB `settings ui`.)
  ///
  /// Hard links to the target are not updated (the rename gives the path a new inode), as with git.
  ///
  /// A target that exists with no write permission bit at all (`chmod 444`) is refused, even for
  /// root, who could write it: as editors refuse to write a read-only settings file, the file's mode
  /// says the user does not want it changed.
  ///
  /// - Throws: `FileSystemError`. Before the rename, any failure removes the temporary file
  ///   (`unlinkat(2)`) and leaves the target untouched: `FileSystemError.notFound(path:)` with the
  ///   directory's path when it is missing and `createDirectories` is false;
  ///   `FileSystemError.isDirectory(path:)` when the target is a directory;
  ///   `FileSystemError.permissionDenied(path:operation:)` ("write", "create directory", "open
  ///   directory", and "replace the read-only file" for a target without write permission bits);
  ///   `FileSystemError.readOnlyFileSystem(path:)`; and
  ///   `FileSystemError.io(path:operation:errno:reason:)` for the rest, for example `ENOTDIR`
  ///   (operation "open directory") when a parent is a regular file, `ELOOP` (operation "resolve
  ///   symbolic link") for a cycle of links, or `ENOSPC`. Only a failure of the final directory
  ///   `fsync(2)` (operation "sync directory") is thrown after the target was replaced: the new
  ///   contents are in place but may not survive a crash.
  ///
  /// With `privateMode`, the file is created or kept with mode `0o600` whatever it had (the store
  /// holds a secure value).
  package static func write(
    _ bytes: [UInt8], to path: SystemPath, createDirectories: Bool = true, privateMode: Bool = false
  ) throws(FileSystemError) {
    if path.isEmpty { throw .notFound(path: path.description) }
    if path.endsWithSlash { throw .isDirectory(path: path.description) }
    let target = FileSystem.resolvingSymbolicLinks(path)
    let (directory, name) = (target.directory, target.lastComponent)
    if name.isEmpty || name == "." || name == ".." { throw .isDirectory(path: target.description) }

    if createDirectories { try FileSystem.makeDirectories(directory) }
    let directoryDescriptor: FileDescriptor
    do {
      directoryDescriptor = try .open(directory, [.readOnly, .directory, .closeOnExec])
    } catch {
      throw FileSystemError(error, path: directory, operation: "open directory")
    }
    try directoryDescriptor.closeAfter { () throws(FileSystemError) in
      try replace(
        name, in: directoryDescriptor, directory: directory, target: target, with: bytes,
        privateMode: privateMode)
    }
    // A name left by a writer killed between its link and its rename, once that writer is gone.
    let prefix = temporaryPrefix(for: name)
    systemRemoveEntries(in: directory) { entry in
      guard isTemporaryName(entry, prefix: prefix), let pid = temporaryNameProcess(entry, prefix: prefix)
      else {
        return false
      }
      return pid != systemGetpid() && !systemProcessExists(pid)
    }
  }

  /// Replaces the contents of the file at the path with `path`'s UTF-8 bytes; see
  /// ``write(_:to:createDirectories:privateMode:)``.
  package static func write(_ bytes: [UInt8], to path: String, createDirectories: Bool = true)
    throws(FileSystemError)
  {
    try write(bytes, to: SystemPath(path), createDirectories: createDirectories)
  }

  /// Steps 3 to 5 of ``write(_:to:createDirectories:)-(_,SystemPath,_)``, in the open directory.
  private static func replace(
    _ name: SystemPath, in directoryDescriptor: FileDescriptor, directory: SystemPath, target: SystemPath,
    with bytes: [UInt8], privateMode: Bool = false
  ) throws(FileSystemError) {
    var existing: FileStatus?
    do {
      existing = try directoryDescriptor.status(of: name)
    } catch {
      if error != .noSuchFileOrDirectory { throw FileSystemError(error, path: target, operation: "write") }
    }
    if let existing, existing.kind == .other { throw .notRegularFile(path: target.description) }
    if let existing, existing.kind == .symbolicLink {
      // resolvingSymbolicLinks gave up on a cycle (or a link appeared meanwhile); renaming would
      // replace the link.
      let loop = Errno.tooManySymbolicLinks
      throw .io(
        path: target.description, operation: "resolve symbolic link", errno: loop.rawValue,
        reason: loop.reason)
    }
    if let existing, existing.kind == .regular, existing.permissions & 0o222 == 0 {
      throw .permissionDenied(path: target.description, operation: "replace the read-only file")
    }
    // A directory at the target is not rejected here: renameat reports it (EISDIR) without a race, and
    // the temporary file is cleaned up like after any other late failure.

    // Linux: an unnamed file (O_TMPFILE) that the kernel discards if the process dies while writing,
    // given a name only once complete; elsewhere, or where the file system lacks it, a named one.
    let mode = existing != nil || privateMode ? 0o600 : newFileMode
    let unnamed = openUnnamedFile(in: directoryDescriptor, mode: mode)
    var (descriptor, temporaryName) = (unnamed ?? FileDescriptor(rawValue: -1), SystemPath?.none)
    if unnamed == nil {
      (descriptor, temporaryName) = try createTemporaryFile(
        in: directoryDescriptor, for: name, target: target, mode: mode)
    }
    func discardTemporaryFile() {
      if let temporaryName { directoryDescriptor.removeEntry(temporaryName) }
    }

    // The descriptor is closed once the file is in place, or on failure before the temporary name
    // is removed; the contents were flushed by fsync, so a close error cannot lose them.
    do throws(FileSystemError) {
      try descriptor.closeAfter { () throws(FileSystemError) in
        do throws(Errno) {
          try descriptor.writeAll(bytes)
        } catch {
          throw FileSystemError(error, path: target, operation: "write")
        }
        if let existing {
          let (owner, group) = systemEffectiveOwner()
          if existing.owner != owner || existing.group != group {
            // Only root may give a file away.
            _ = descriptor.changeOwner(to: existing.owner, group: existing.group)
          }
          do throws(Errno) {
            try descriptor.changePermissions(to: privateMode ? 0o600 : existing.permissions)
          } catch {
            throw FileSystemError(error, path: target, operation: "set permissions of")
          }
        }
        do throws(Errno) {
          try descriptor.sync()
        } catch {
          throw FileSystemError(error, path: target, operation: "write")
        }
        if let temporaryName {
          do throws(Errno) {
            try directoryDescriptor.rename(temporaryName, to: name)
          } catch {
            throw FileSystemError(error, path: target, operation: "write")
          }
        } else {
          try publishUnnamedFile(descriptor, in: directoryDescriptor, as: name, target: target)
        }
      }
    } catch {
      discardTemporaryFile()
      throw error
    }
    do {
      try directoryDescriptor.sync()
    } catch {
      // Some file systems cannot sync a directory; there is nothing more to do there.
      if error == .invalidArgument { return }
      throw FileSystemError(error, path: directory, operation: "sync directory")
    }
  }

  /// Follows `path` through symbolic links to the file that a write should replace; see
  /// `FileSystem.resolvingSymbolicLinks(_:)` (`readlink(2)`, `realpath(3)`, up to 40 links).
  package static func resolvedPath(_ path: SystemPath) -> SystemPath {
    FileSystem.resolvingSymbolicLinks(path)
  }

  /// ``resolvedPath(_:)-(SystemPath)`` of a path given as text; a result that is not UTF-8 is
  /// decoded with replacement characters.
  package static func resolvedPath(_ path: String) -> String {
    String(decoding: FileSystem.resolvingSymbolicLinks(SystemPath(path)).bytes, as: UTF8.self)
  }

  // MARK: - Private

  /// An unnamed regular file in the directory (`openat(2)` with `O_TMPFILE`, Linux 3.11+), or nil
  /// where the platform or file system does not offer one.
  private static func openUnnamedFile(in directory: FileDescriptor, mode: FileMode) -> FileDescriptor? {
    #if os(Linux)
      return try? directory.open(".", [.writeOnly, .closeOnExec, .unnamedTemporaryFile], mode: mode)
    #else
      return nil
    #endif
  }

  /// A fresh temporary name for `name`: `.<name>.tmp-<pid>-<random hex>`.
  private static func temporaryName(for name: SystemPath) -> SystemPath {
    temporaryPrefix(for: name).addingSuffix(
      "\(systemGetpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))")
  }

  /// Gives a complete unnamed file a temporary name with `linkat(2)` through `/proc/self/fd` and
  /// renames it over `name` (``systemLinkAndRename(_:_:_:_:)``), in this process (see
  /// ``write(_:to:createDirectories:privateMode:)``).
  private static func publishUnnamedFile(
    _ descriptor: FileDescriptor, in directoryDescriptor: FileDescriptor, as name: SystemPath,
    target: SystemPath
  ) throws(FileSystemError) {
    var attempts = 0
    let source = SystemPath("/proc/self/fd/\(descriptor.rawValue)")
    while true {
      let temporaryName = temporaryName(for: name)
      let code = source.withCString { source in
        temporaryName.withCString { temporaryName in
          name.withCString { name in
            systemLinkAndRename(source, directoryDescriptor.rawValue, temporaryName, name)
          }
        }
      }
      if code == 0 { return }
      let error = Errno(rawValue: code)
      attempts += 1
      if error == .fileExists && attempts < 100 { continue }
      throw FileSystemError(error, path: target, operation: "write")
    }
  }

  /// The start of every temporary name of `name`: `.<name>.tmp-`.
  static func temporaryPrefix(for name: SystemPath) -> SystemPath {
    SystemPath(bytes: [UInt8(ascii: ".")] + name.bytes).addingSuffix(".tmp-")
  }

  /// The process id in a temporary name (`<prefix><pid>-<hex>`); nil when it has none that fits.
  static func temporaryNameProcess(_ name: SystemPath, prefix: SystemPath) -> Int32? {
    let digits = name.bytes.dropFirst(prefix.bytes.count).prefix { $0 != UInt8(ascii: "-") }
    guard digits.count <= 10 else { return nil }
    return Int32(String(decoding: digits, as: UTF8.self))
  }

  /// Whether `name` is exactly `<prefix><pid>-<hex>`, the shape of this type's temporary names, so
  /// that a user's `.store.json.tmp-backup` is never taken for one.
  static func isTemporaryName(_ name: SystemPath, prefix: SystemPath) -> Bool {
    guard name.bytes.starts(with: prefix.bytes) else { return false }
    let parts = name.bytes.dropFirst(prefix.bytes.count).split(
      separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    func isHexDigit(_ byte: UInt8) -> Bool {
      isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
    return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(isDigit)
      && !parts[1].isEmpty && parts[1].allSatisfy(isHexDigit)
  }

  /// Removes temporary files that writers of `path` left when they were killed between naming their
  /// file and renaming it. Call it only while holding the store's lock, when no writer is mid-write.
  /// Uses `opendir(3)`, `readdir(3)` and `unlinkat(2)`.
  package static func removeStaleTemporaryFiles(for path: SystemPath) {
    let target = FileSystem.resolvingSymbolicLinks(path)
    let prefix = temporaryPrefix(for: target.lastComponent)
    systemRemoveEntries(in: target.directory) { isTemporaryName($0, prefix: prefix) }
  }

  /// ``removeStaleTemporaryFiles(for:)-(SystemPath)`` for a path given as text.
  package static func removeStaleTemporaryFiles(for path: String) {
    removeStaleTemporaryFiles(for: SystemPath(path))
  }

  private static func createTemporaryFile(
    in directory: FileDescriptor, for name: SystemPath, target: SystemPath, mode: FileMode
  ) throws(FileSystemError) -> (descriptor: FileDescriptor, name: SystemPath?) {
    var attempts = 0
    while true {
      let temporaryName = temporaryName(for: name)
      do {
        let descriptor = try directory.open(
          temporaryName, [.writeOnly, .create, .exclusiveCreate, .closeOnExec], mode: mode)
        return (descriptor, temporaryName)
      } catch {
        attempts += 1
        if error == .fileExists && attempts < 100 { continue }
        throw FileSystemError(error, path: target, operation: "write")
      }
    }
  }
}
