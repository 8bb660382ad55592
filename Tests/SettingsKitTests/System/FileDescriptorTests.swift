import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// The descriptor type: opening, writing everything, reading back, closing after a closure.
struct FileDescriptorTests {
  @Test func writeAllThenReadFileGivesTheSameBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(directory.file("data.bin"))
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let descriptor = try FileDescriptor.open(path, [.writeOnly, .create, .closeOnExec], mode: 0o600)
    try descriptor.closeAfter { () throws(Errno) in try descriptor.writeAll(bytes) }
    #expect(try FileSystem.readFile(at: path) == bytes)
    #expect(throws: FileSystemError.tooLarge(path: path.description, limit: 1000)) {
      try FileSystem.readFile(at: path, limit: 1000)
    }
  }

  @Test func closeAfterClosesWhenTheClosureThrows() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let descriptor = try FileDescriptor.open(SystemPath(directory.path), [.readOnly, .directory])
    #expect(throws: Errno.notDirectory) {
      try descriptor.closeAfter { () throws(Errno) in throw Errno.notDirectory }
    }
    #expect(throws: Errno(rawValue: EBADF)) { try descriptor.status() }
  }

  @Test func openReportsTheErrnoWithItsCName() {
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try FileDescriptor.open("/nonexistent-settings-test/x", [.readOnly])
    }
    #expect("\(Errno.noSuchFileOrDirectory)" == "ENOENT (No such file or directory)")
  }
}
