import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
  /// The directory's absolute path.
  public let path: String

  /// Makes the directory with `mkdtemp(3)`.
  public init() throws {
    var template = Array((NSTemporaryDirectory() + "/settings-tests.XXXXXX").utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let result else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
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

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
