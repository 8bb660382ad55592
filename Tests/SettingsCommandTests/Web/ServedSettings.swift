import Foundation
import TestSupport

@testable import SettingsCommand
@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsSockets
@testable import SettingsWeb

/// A `settings serve` of the real binary on a free port, with its own store and XDG directories;
/// requests go over real sockets, written byte for byte.
final class ServedSettings: @unchecked Sendable {
  let directory: TemporaryDirectory
  let process = Process()
  let output = Pipe()
  let errors = Pipe()
  /// The line it printed.
  let address: String
  let port: UInt16
  let token: String
  let environment: [String: String]
  let documentPath: String

  /// Starts the server on `document` (the phone example when nil).
  init(
    document: String? = nil, arguments: [String] = [], store: String? = nil, path: String = "/usr/bin:/bin",
    itemsFile: String? = nil, systemFiles: [String: String] = [:]
  ) throws {
    let directory = try TemporaryDirectory()
    self.directory = directory
    if !systemFiles.isEmpty {
      try FileManager.default.createDirectory(
        atPath: directory.file("system/settings"), withIntermediateDirectories: true)
      for (name, text) in systemFiles { try directory.write("system/settings/" + name, text) }
    }
    if let itemsFile {
      try FileManager.default.copyItem(
        atPath: itemsFile, toPath: directory.file(URL(fileURLWithPath: itemsFile).lastPathComponent))
    }
    documentPath =
      try document.map { try directory.write("doc.json", $0) } ?? examplePath("phone-settings.json")
    environment = [
      "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"),
      "XDG_CONFIG_DIRS": directory.file("system"), "SETTINGS_STORE": directory.file("store.json"),
      "PATH": path,
    ]
    if let store { try directory.write("store.json", store) }
    process.executableURL = URL(fileURLWithPath: settingsBinary)
    process.arguments = ["serve", "-f", documentPath] + arguments
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while !line.contains(0x0A) {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      line += data
    }
    address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
    guard let portText = address.split(separator: ":").last?.split(separator: "/").first,
      let port = UInt16(portText), let token = address.split(separator: "=").last
    else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: ["address": address])
    }
    self.port = port
    self.token = String(token)
  }

  /// Stops the server with `signal` and returns its exit status and what it printed after the
  /// first line, and on standard error.
  func stop(signal: Int32 = SIGTERM) -> (status: Int32, stdout: String, stderr: String) {
    kill(process.processIdentifier, signal)
    process.waitForExit(seconds: 30)
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    directory.remove()
    return (process.terminationStatus, rest, stderr)
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitForExit(seconds: 30)
    }
  }

  /// `Host: 127.0.0.1:PORT` and the cookie.
  var authorized: String { "Host: 127.0.0.1:\(port)\r\nCookie: settings_auth=\(token)\r\n" }

  /// The headers of a page's POST: JSON, its Origin, its CSRF token.
  func postHeaders() throws -> String {
    authorized + "Content-Type: application/json\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + "X-Settings-CSRF: \(try csrfToken())\r\n"
  }

  /// The CSRF token in the page's markup.
  func csrfToken() throws -> String {
    let page = try send("GET / HTTP/1.1\r\n\(authorized)\r\n").text
    guard let range = page.range(of: "<meta name=\"settings-csrf\" content=\"") else { return "" }
    return String(page[range.upperBound...].prefix(64))
  }

  /// A POST of `json` to `path` as the page sends it.
  func post(_ path: String, _ json: String) throws -> Reply {
    try send("POST \(path) HTTP/1.1\r\n\(try postHeaders())Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
  }

  /// A GET of `path` with the cookie.
  func get(_ path: String) throws -> Reply { try send("GET \(path) HTTP/1.1\r\n\(authorized)\r\n") }

  /// A response as it came: the head and the body.
  struct Reply {
    var head: HTTPResponseHead
    var body: [UInt8]
    var status: Int { head.status }
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONParser().parse(body) }
  }

  /// Sends `request` on a new connection and reads one response (up to 10 s).
  func send(_ request: String) throws -> Reply { try send(Array(request.utf8)) }

  /// Sends `bytes` on a new connection and reads one response (up to 10 s).
  func send(_ bytes: [UInt8]) throws -> Reply {
    let connection = try SocketConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try? connection.writeAll(bytes, timeoutMilliseconds: 5000)
    return try read(connection)
  }

  /// Reads one response from `connection`.
  func read(_ connection: SocketConnection) throws -> Reply {
    var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: 64 << 20))
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    while true {
      while let event = try decoder.next() {
        switch event {
        case .head(let next): head = next
        case .body(let data): body += data
        case .end: return Reply(head: head!, body: body)
        }
      }
      let bytes = try connection.read(timeoutMilliseconds: 10_000)
      if bytes.isEmpty {
        _ = try decoder.finish()
        guard let head else { throw SocketError(.closed, operation: "read a response") }
        return Reply(head: head, body: body)
      }
      decoder.append(bytes)
    }
  }

  /// `settings ARGUMENTS` run against the same store and document, as another process would.
  func cli(_ arguments: [String]) throws -> CommandOutcome {
    try runBinary(arguments + ["-f", documentPath], environment: environment)
  }

  /// The store's text now ("" when there is none).
  var storeText: String { ((try? directory.read("store.json")) ?? nil) ?? "" }
}
