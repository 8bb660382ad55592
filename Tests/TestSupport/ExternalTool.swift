import Foundation

/// A program the tests run (a shell, a roff checker, Python), found on `PATH`.
public struct ExternalTool: Sendable {
  /// The program's absolute path.
  public let path: String

  /// Finds `name` on `PATH`; nil when it is missing. Tests `#require` it with ``missing(_:install:)``
  /// as the message, so that a missing tool fails the test, saying how to install it.
  public static func find(_ name: String) -> ExternalTool? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for directory in directories {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(path: candidate) }
    }
    return nil
  }

  /// The failure message for a missing tool: what to run to install it.
  public static func missing(_ name: String, install: String) -> String {
    "\(name) is not installed; install it with '\(install)' (Scripts/test.sh does)"
  }

  /// Python 3 with the `jsonschema` package (draft 2020-12 support), or nil.
  public static func findJSONSchema() -> ExternalTool? {
    guard let python = find("python3"),
      (try? python.run(["-c", "import jsonschema; jsonschema.Draft202012Validator"]))?.status == 0
    else { return nil }
    return python
  }

  /// The failure message when Python's `jsonschema` is missing.
  public static let missingJSONSchema =
    "Python's jsonschema package (4.0 or later) is not installed; install it with "
    + "'python3 -m pip install jsonschema' or 'apt-get install python3-jsonschema' (Scripts/test.sh does)"

  /// Runs the program with `arguments`, `environment` (the test process's when nil) and `stdin`.
  public func run(
    _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil,
    directory: String? = nil
  ) throws -> CommandOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    let stdinPipe = Pipe()
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    process.standardInput = stdin == nil ? FileHandle.nullDevice : stdinPipe
    try process.run()
    if let stdin {
      stdinPipe.fileHandleForWriting.write(Data(stdin.utf8))
      try stdinPipe.fileHandleForWriting.close()
    }
    // Read standard error on another thread, so that neither pipe fills while the other is read.
    let errorData = ErrorBox()
    let reader = Thread { errorData.set(stderrPipe.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let out = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitForExit()
    while !errorData.isSet { usleep(1000) }
    return CommandOutcome(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// Data handed from a reader thread.
private final class ErrorBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  func set(_ value: Data) { lock.withLock { data = value } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}

/// The folder of the built `settings` binary, to put first on a shell's `PATH`.
public var settingsBinaryDirectory: String {
  URL(fileURLWithPath: settingsBinary).deletingLastPathComponent().path
}
