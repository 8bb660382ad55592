import Foundation
import TestSupport
import Testing

@testable import SettingsPOSIX

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

  @Test func readFileAndStatusGiveTheBytesAndTheStatusOfTheFileRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(directory.file("data.bin"))
    #expect(try FileSystem.readFileAndStatus(at: path) == nil)
    // More than one 64 KiB read, and an empty file.
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let descriptor = try FileDescriptor.open(path, [.writeOnly, .create, .closeOnExec], mode: 0o600)
    try descriptor.closeAfter { () throws(Errno) in try descriptor.writeAll(bytes) }
    let read = try #require(try FileSystem.readFileAndStatus(at: path))
    #expect(read.bytes == bytes)
    #expect(read.status.identity == FileSystem.status(of: path)?.identity)
    let empty = SystemPath(directory.file("empty"))
    try FileDescriptor.open(empty, [.writeOnly, .create, .closeOnExec], mode: 0o600).close()
    #expect(try FileSystem.readFileAndStatus(at: empty)?.bytes == [])
  }

  @Test func closeAfterClosesWhenTheClosureThrows() throws {
    // The write end of a pipe: once it is closed, the read end sees the end of the input. (Asking
    // the closed number itself would race with other tests that open files meanwhile.)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let reader = FileDescriptor(rawValue: ends[0])
    defer { reader.close() }
    let writer = FileDescriptor(rawValue: ends[1])
    #expect(throws: Errno.notDirectory) {
      try writer.closeAfter { () throws(Errno) in throw Errno.notDirectory }
    }
    #expect(try reader.readToEnd(limit: 16) == [])
  }

  @Test func openReportsTheErrnoWithItsCName() {
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try FileDescriptor.open("/nonexistent-settings-test/x", [.readOnly])
    }
    #expect("\(Errno.noSuchFileOrDirectory)" == "ENOENT (No such file or directory)")
  }
}
