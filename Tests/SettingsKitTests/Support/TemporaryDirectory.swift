import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/settings-tests.XXXXXX").utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let result else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: result)
  }

  func file(_ name: String) -> String { path + "/" + name }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let target = file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  func read(_ name: String) throws -> String? {
    guard let data = FileManager.default.contents(atPath: file(name)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
