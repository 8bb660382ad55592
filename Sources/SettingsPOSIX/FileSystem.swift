/// Whole-file reads and the path operations shared by the loader and the stores.
package enum FileSystem {
  /// The largest file ``readFile(at:limit:)`` reads by default: 256 MiB.
  package static let defaultReadLimit = 256 << 20

  /// The permission bits of a new directory, before the umask; `0o700` as the XDG Base Directory
  /// specification asks for a missing `$XDG_CONFIG_HOME`-style directory.
  package static let newDirectoryMode: FileMode = 0o700

  /// How many symbolic links ``resolvingSymbolicLinks(_:)`` follows before it gives up (Linux's limit).
  package static let maximumSymbolicLinks = 40

  /// Reads the whole file at `path`, following symbolic links.
  ///
  /// Returns `nil` when the file does not exist (`ENOENT`, which includes a dangling symbolic link).
  /// Uses `open(2)` with `O_RDONLY | O_CLOEXEC | O_NONBLOCK` (so that opening a FIFO does not wait for
  /// a writer), `fstat(2)` and `read(2)` in a loop that retries on `EINTR`. `limit` bounds what is
  /// read, in bytes.
  ///
  /// - Throws: ``FileSystemError/isDirectory(path:)`` when `path` is a directory,
  ///   ``FileSystemError/notRegularFile(path:)`` for a device, FIFO or socket,
  ///   ``FileSystemError/tooLarge(path:limit:)`` past `limit`,
  ///   ``FileSystemError/permissionDenied(path:operation:)`` (operation "read") when the file or a
  ///   directory on the way may not be read, and ``FileSystemError/io(path:operation:errno:reason:)``
  ///   for other failures, for example `ENOTDIR` when a component of the path is a regular file.
  package static func readFile(at path: SystemPath, limit: Int = defaultReadLimit) throws(FileSystemError)
    -> [UInt8]?
  {
    try readFileAndStatus(at: path, limit: limit)?.bytes
  }

  /// ``readFile(at:limit:)``, with the status of the file it read: the `fstat(2)` of the open
  /// descriptor, taken before the bytes were read (so a caller that compares it with the path's
  /// status afterwards needs no `stat(2)` of its own before). Nil when the file does not exist.
  ///
  /// - Throws: the errors of ``readFile(at:limit:)``.
  package static func readFileAndStatus(at path: SystemPath, limit: Int = defaultReadLimit)
    throws(FileSystemError) -> (bytes: [UInt8], status: FileStatus)?
  {
    let descriptor: FileDescriptor
    do {
      descriptor = try .open(path, [.readOnly, .closeOnExec, .nonBlocking])
    } catch {
      if error == .noSuchFileOrDirectory { return nil }
      throw FileSystemError(error, path: path, operation: "read")
    }
    return try descriptor.closeAfter { () throws(FileSystemError) -> (bytes: [UInt8], status: FileStatus) in
      func failure(_ error: Errno) -> FileSystemError {
        FileSystemError(error, path: path, operation: "read")
      }
      let status: FileStatus
      do throws(Errno) { status = try descriptor.status() } catch { throw failure(error) }
      if status.kind == .directory { throw .isDirectory(path: path.description) }
      if status.kind != .regular { throw .notRegularFile(path: path.description) }
      if status.size > limit { throw .tooLarge(path: path.description, limit: limit) }
      let bytes: [UInt8]?
      do throws(Errno) {
        bytes = try descriptor.readToEnd(limit: limit, expectedSize: status.size)
      } catch {
        throw failure(error)
      }
      guard let bytes else { throw .tooLarge(path: path.description, limit: limit) }
      return (bytes, status)
    }
  }

  /// Creates `directory` and its missing parents like `mkdir -p`, each with mode `0o700` minus the
  /// umask (`mkdir(2)`), flushing each new entry's parent directory with `fsync(2)` (best effort).
  ///
  /// A component that exists but is not a directory is left for the caller's `open(2)` to report as
  /// `ENOTDIR`.
  ///
  /// - Throws: ``FileSystemError`` with operation "create directory".
  package static func makeDirectories(_ directory: SystemPath) throws(FileSystemError) {
    var status: FileStatus?
    var missing: [SystemPath] = []
    var current = directory
    while systemStat(current, &status) != 0 && Errno.current == .noSuchFileOrDirectory {
      missing.append(current)
      let parent = current.directory
      if parent == current { break }
      current = parent
    }
    for path in missing.reversed() {
      if systemMkdir(path, newDirectoryMode) != 0 {
        let error = Errno.current
        if error == .fileExists { continue }
        throw FileSystemError(error, path: path, operation: "create directory")
      }
      if let parent = try? FileDescriptor.open(path.directory, [.readOnly, .directory, .closeOnExec]) {
        parent.closeAfter { _ = try? parent.sync() }
      }
    }
  }

  /// What `path` is (following symbolic links unless `followingLinks` is false), or nil when it
  /// does not exist or cannot be examined.
  ///
  /// The corresponding C functions are `stat` and `lstat` (`fstatat`).
  package static func status(of path: SystemPath, followingLinks: Bool = true) -> FileStatus? {
    var status: FileStatus?
    return systemFstatat(atCurrentDirectory, path, followingLinks: followingLinks, &status) == 0
      ? status : nil
  }

  /// Whether `path` names an existing directory (following symbolic links).
  ///
  /// The corresponding C function is `stat`.
  package static func isDirectory(_ path: SystemPath) -> Bool {
    var status: FileStatus?
    return systemStat(path, &status) == 0 && status?.kind == .directory
  }

  /// Follows `path` through symbolic links to the file that a write should replace.
  ///
  /// Follows chains of links (up to 40, Linux's limit), relative link targets (relative to the
  /// link's directory, as the kernel does), and a final target that does not exist yet. Then, when
  /// the final target's directory exists, it is made absolute and canonical with `realpath(3)`, so
  /// that two different links to one file give the same path (and so the same lock file). Otherwise
  /// the path is returned as built, without lexical clean-up of `..`, which would be wrong when a
  /// component is itself a link. Uses `readlink(2)` and `realpath(3)`; never throws: an unreadable
  /// link or an unusual path (empty, ending in `/`) is returned as it is.
  package static func resolvingSymbolicLinks(_ path: SystemPath) -> SystemPath {
    if path.isEmpty || path.endsWithSlash { return path }
    var current = path
    for _ in 0..<maximumSymbolicLinks {
      guard let destination = systemReadlink(current) else { break }
      current = current.directory.appending(destination)
    }
    let name = current.lastComponent
    if name.isEmpty || name == "." || name == ".." { return current }
    guard let real = systemRealpath(current.directory) else { return current }
    return real.appending(name)
  }

  /// Replaces the file at `target` with `bytes`, best effort, mode `0o600`, creating its missing
  /// folders (mode `0o700`): the bytes go to a new temporary file beside it (`O_EXCL`), which is
  /// renamed over it, so a reader sees the old file or the new one, never a mix. Unlike the store's
  /// writes, nothing is flushed with `fsync(2)` and the rename runs in this process: for caches,
  /// where a file lost in a crash is only missing and one damaged reads as none (the compiled
  /// documents, the etcd store's last-known-good copies). Temporary files of the same target left
  /// by a writer that no longer runs (a crash, or a power loss that kept the file and lost its
  /// rename) are removed afterwards.
  package static func replaceBestEffort(_ target: SystemPath, with bytes: [UInt8]) {
    let directory = target.directory
    makeDirectoriesBestEffort(directory)
    guard let folder = try? FileDescriptor.open(directory, [.readOnly, .directory, .closeOnExec]) else {
      return
    }
    folder.closeAfter {
      let name = target.lastComponent
      let temporary = name.addingSuffix(".\(systemGetpid()).\(systemMonotonicNanoseconds()).tmp")
      guard
        let file = try? folder.open(
          temporary, [.writeOnly, .create, .exclusiveCreate, .closeOnExec], mode: 0o600)
      else { return }
      let written = file.closeAfter { (try? file.writeAll(bytes)) != nil }
      if !written || (try? folder.rename(temporary, to: name)) == nil { folder.removeEntry(temporary) }
    }
    // No later write reuses a temporary name, so the next write of the same target removes one
    // that a crash left, once the process that made it is gone.
    systemRemoveEntries(in: directory) { isStaleTemporary($0, of: target.lastComponent) }
  }

  /// Whether `entry` is a temporary file of ``replaceBestEffort(_:with:)`` for `name`
  /// (`NAME.PID.NANOSECONDS.tmp`) whose writer no longer runs.
  static func isStaleTemporary(_ entry: SystemPath, of name: SystemPath) -> Bool {
    let prefix = name.bytes + [UInt8(ascii: ".")]
    let suffix = Array(".tmp".utf8)
    guard entry.bytes.count > prefix.count + suffix.count, entry.bytes.starts(with: prefix),
      entry.bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return false }
    let parts = entry.bytes.dropFirst(prefix.count).dropLast(suffix.count)
      .split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 19 && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let pid = Int32(String(decoding: parts[0], as: UTF8.self))
    else { return false }
    return pid != systemGetpid() && !systemProcessExists(pid)
  }

  /// Creates `directory` and its missing parents with mode `0o700`, best effort and without
  /// flushing (for ``replaceBestEffort(_:with:)``).
  static func makeDirectoriesBestEffort(_ directory: SystemPath) {
    if directory.isEmpty || isDirectory(directory) { return }
    let parent = directory.directory
    if parent != directory { makeDirectoriesBestEffort(parent) }
    _ = systemMkdir(directory, 0o700)
  }
}
