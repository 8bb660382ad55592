import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`: the one
/// temporary-directory helper of the tests.
public struct TemporaryDirectory: Sendable {
  /// The directory's canonical absolute path (`realpath(3)`, so it compares equal to resolved paths).
  public let path: String

  /// Makes the directory with `mkdtemp(3)` under `TMPDIR` (else `/tmp`).
  public init() throws {
    try self.init(
      under: ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
  }

  /// Makes the directory in memory (`/dev/shm`, a tmpfs where `fsync` costs nothing) when there is
  /// one, else as ``init()`` does: for servers under test (etcd) whose `fsync`s would otherwise
  /// slow every other test's writes on a shared disk.
  public static func inMemory() throws -> TemporaryDirectory {
    var info = stat()
    guard stat("/dev/shm", &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK) == 0 else {
      return try TemporaryDirectory()
    }
    return try TemporaryDirectory(under: "/dev/shm")
  }

  private init(under base: String) throws {
    var template = Array(((base.hasSuffix("/") ? base : base + "/") + "settings-tests.XXXXXX").utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let result, let real = realpath(result, nil) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: real)
    free(real)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` as UTF-8 to `name` and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let target = file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  /// The UTF-8 text of `name`, or nil when it does not exist.
  public func read(_ name: String) throws -> String? {
    guard let data = FileManager.default.contents(atPath: file(name)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The names in the directory, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Removes the directory and everything in it, read-only folders included (each is made
  /// writable first); links are removed, not followed.
  public func remove() {
    Self.removeTree(path)
  }

  static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      _ = unlink(path)
      return
    }
    _ = chmod(path, 0o700)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      removeTree(path + "/" + name)
    }
    _ = rmdir(path)
  }
}
