import Foundation

@testable import SettingsHTTP

/// One case of llhttp's Markdown corpus (`Tests/Data/llhttp`): the bytes, llhttp's mode and its log.
struct LLHTTPCase: Sendable, CustomStringConvertible {
  /// The file under `Tests/Data/llhttp` (`request/sample.md`).
  var file: String
  /// The line of the `meta` comment, 1-based.
  var line: Int
  /// The heading the case is under.
  var name: String
  /// llhttp's mode: `request`, `response`, `request-lenient-headers`, `response-finish`, ….
  var type: String
  /// Whether the case's `on_headers_complete` tells llhttp to skip the body (as for `HEAD`).
  var skipsBody: Bool
  /// The bytes llhttp is given.
  var input: [UInt8]
  /// llhttp's log, one event a line.
  var log: [String]

  /// Whether the case is a request (else a response).
  var isRequest: Bool { type.hasPrefix("request") }

  var description: String { "\(file):\(line) (\(name))" }

  /// The folder of the corpus.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Data/llhttp")

  /// Every case of the `request` or `response` folder, in file and line order.
  static func all(in kind: String) throws -> [LLHTTPCase] {
    let folder = Self.folder.appendingPathComponent(kind)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".md")
    }
    return try names.sorted().flatMap { name in
      try parse(
        String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), file: "\(kind)/\(name)")
    }
  }

  /// The cases of one Markdown file: each `<!-- meta=… -->` followed by an `http` block and a `log` block.
  static func parse(_ text: String, file: String) -> [LLHTTPCase] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var cases: [LLHTTPCase] = []
    var heading = ""
    var meta: (line: Int, json: [String: Any])?
    var http: String?
    var index = 0
    func block(from start: Int) -> (lines: [String], end: Int) {
      var end = start + 1
      while end < lines.count, lines[end] != "```" { end += 1 }
      return (Array(lines[(start + 1)..<end]), end)
    }
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("#") {
        heading = String(line.drop { $0 == "#" || $0 == " " })
      } else if line.hasPrefix("<!-- meta="), let end = line.range(of: "-->") {
        let json = line[line.index(line.startIndex, offsetBy: 10)..<end.lowerBound]
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        meta = (index + 1, object ?? [:])
      } else if line == "```http" {
        let (body, end) = block(from: index)
        http = body.joined(separator: "\n")
        index = end
      } else if line == "```log" {
        let (body, end) = block(from: index)
        if let meta, let http, let type = meta.json["type"] as? String {
          cases.append(
            LLHTTPCase(
              file: file, line: meta.line, name: heading, type: type,
              skipsBody: meta.json["skipBody"] as? Bool ?? false, input: bytes(of: http), log: body))
        }
        meta = nil
        http = nil
        index = end
      }
      index += 1
    }
    return cases
  }

  /// The bytes of an `http` block, by llhttp's `test/md-test.ts` rules: a backslash before a newline
  /// joins the lines, newlines become CRLF, then `\r`, `\n`, `\t`, `\f`, `\xHH` and octal escapes
  /// become their characters, and the text is sent as UTF-8.
  static func bytes(of block: String) -> [UInt8] {
    var text = block.replacingOccurrences(of: "\\\n", with: "")
    text = text.replacingOccurrences(of: "\n", with: "\r\n")
    for (escape, character) in [("\\r", "\r"), ("\\n", "\n"), ("\\t", "\t"), ("\\f", "\u{0C}")] {
      text = text.replacingOccurrences(of: escape, with: character)
    }
    text = replacingEscapes(
      in: text, prefix: "x", digits: "0123456789abcdefABCDEF", maxCount: .max, radix: 16)
    text = replacingEscapes(in: text, prefix: "", digits: "01234567", maxCount: 3, radix: 8)
    return Array(text.utf8)
  }

  /// `\` + `prefix` + digits → the character with that code.
  static func replacingEscapes(in text: String, prefix: String, digits: String, maxCount: Int, radix: Int)
    -> String
  {
    var result = ""
    var rest = Substring(text)
    while let slash = rest.firstIndex(of: "\\") {
      result += rest[..<slash]
      var after = rest[rest.index(after: slash)...]
      guard after.hasPrefix(prefix) else {
        result.append("\\")
        rest = after
        continue
      }
      after = after.dropFirst(prefix.count)
      let number = after.prefix(maxCount).prefix { digits.contains($0) }
      guard !number.isEmpty, let code = UInt32(number, radix: radix), let scalar = Unicode.Scalar(code) else {
        result.append("\\")
        rest = rest[rest.index(after: slash)...]
        continue
      }
      result.unicodeScalars.append(scalar)
      rest = after.dropFirst(number.count)
    }
    return result + rest
  }
}

/// One message as read: by llhttp (from its log) or by our decoder.
struct HTTPReading: Equatable, CustomStringConvertible {
  /// The method (a request's) or the status code (a response's, as digits).
  var start: [UInt8] = []
  /// The target (a request's) or the reason phrase (a response's).
  var target: [UInt8] = []
  /// The minor version.
  var minor = -1
  /// The fields: names as sent, values without surrounding spaces and tabs.
  var fields: [[UInt8]] = []
  /// The body.
  var body: [UInt8] = []
  /// Whether the whole message was read.
  var complete = false

  var description: String {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }
    return "\(text(start)) \(text(target)) 1.\(minor) \(fields.map(text)) body \(text(body))"
      + (complete ? "" : " (incomplete)")
  }

  /// A field as compared: `name: value`, the value trimmed.
  static func field(_ name: [UInt8], _ value: [UInt8]) -> [UInt8] {
    var value = ArraySlice(value)
    while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    return name + Array(": ".utf8) + value
  }
}

/// What llhttp's log says of a case: the messages, and where it stopped.
struct LLHTTPLog {
  var messages: [HTTPReading] = []
  /// The error code and reason, when llhttp stopped with one.
  var error: (code: Int, reason: String)?
  /// `llhttp_finish`'s result in a `-finish` case: 0 safe, 1 safe (a message ended), 2 unsafe.
  var finish: Int?

  /// llhttp stopped because a message upgrades the connection (`CONNECT`, `Upgrade`): what
  /// follows is not HTTP to it.
  var upgraded: Bool { error?.code == 22 || error?.code == 23 }

  /// Reads a case's log, taking each span's bytes from the input by offset and length.
  init(_ test: LLHTTPCase) {
    var field: [UInt8] = []
    var trailer = false
    for line in test.log {
      guard line.hasPrefix("off=") else { continue }
      let parts = line.split(separator: " ", maxSplits: 1)
      let offset = Int(parts[0].dropFirst(4)) ?? 0
      let event = parts.count > 1 ? String(parts[1]) : ""
      if event == "message begin" {
        messages.append(HTTPReading())
        trailer = false
      } else if event.hasPrefix("len="), let bracket = event.firstIndex(of: "["),
        let close = event.firstIndex(of: "]")
      {
        let length = Int(event[event.index(event.startIndex, offsetBy: 4)..<event.firstIndex(of: " ")!]) ?? 0
        let bytes = Array(test.input[offset..<min(test.input.count, offset + length)])
        let kind = event[event.index(after: bracket)..<close]
        guard !messages.isEmpty else { continue }
        let last = messages.count - 1
        switch kind {
        case "method": messages[last].start += bytes
        case "url", "status": messages[last].target += bytes
        case "header_field": field += bytes
        case "header_value":
          if trailer { continue }
          if let previous = messages[last].fields.popLast() { messages[last].fields.append(previous + bytes) }
        case "body": messages[last].body += bytes
        default: break
        }
      } else if event == "header_field complete", !messages.isEmpty {
        // Trailer fields (after the head) are not compared: ours reads and drops them.
        if messages[messages.count - 1].minor < 0 {
          messages[messages.count - 1].fields.append(field + Array(": ".utf8))
        } else {
          trailer = true
        }
        field = []
      } else if event.hasPrefix("headers complete"), !messages.isEmpty {
        let words = event.split(separator: " ")
        if let version = words.first(where: { $0.hasPrefix("v=") }), let minor = Int(version.suffix(1)) {
          messages[messages.count - 1].minor = minor
        }
        if let status = words.first(where: { $0.hasPrefix("status=") }) {
          messages[messages.count - 1].start = Array(status.dropFirst(7).utf8)
        }
      } else if event == "message complete", !messages.isEmpty {
        messages[messages.count - 1].complete = true
      } else if event.hasPrefix("error code=") {
        let code = Int(event.dropFirst(11).prefix { $0.isNumber }) ?? -1
        let reason = event.range(of: "reason=").map { String(event[$0.upperBound...]) } ?? ""
        error = (code, reason)
      } else if event.hasPrefix("finish=") {
        finish = Int(event.dropFirst(7))
      }
    }
    // `llhttp_finish` gives 1 when the close ends a message.
    if finish == 1, !messages.isEmpty { messages[messages.count - 1].complete = true }
    // Values trimmed as ours are (llhttp's spans keep a value's trailing spaces).
    for index in messages.indices {
      messages[index].fields = messages[index].fields.map { line in
        let colon = line.firstIndex(of: 0x3A)!
        return HTTPReading.field(Array(line[..<colon]), Array(line[(colon + 2)...]))
      }
    }
  }
}

/// What our decoder makes of a case's bytes, read as `settings serve` reads a connection (requests)
/// or as the etcd client reads answers (responses).
struct OurReading {
  var messages: [HTTPReading] = []
  /// The status the bytes are refused with: the decoder's error's, or `serve`'s 405 for a method
  /// other than `GET`, `HEAD` and `POST` (403 for `OPTIONS`), answered once the request is read
  /// whole, after which it reads no more.
  var refusal: (status: Int, reason: String)?
  /// Whether ``refusal`` is `serve`'s answer to a request read whole (not the decoder's error).
  var byServer = false
  /// A request without keep-alive ended the connection: `serve` answers it and closes, reading no more.
  var closed = false
  /// The result of ``HTTPMessageDecoder/finish()`` at the end of the bytes, in a `-finish` case:
  /// 0 nothing under way, 1 a message ended, 2 refused.
  var finish: Int?

  /// Reads `test`'s bytes, `piece` bytes at a time. Where the bytes end inside a head, the peer is
  /// taken to close the connection there: ``HTTPMessageDecoder/finish()`` reads the head so far and
  /// refuses it (a syntax error in it, or `truncated`). Inside a body they end as llhttp's log does,
  /// waiting for more.
  init(_ test: LLHTTPCase, piece: Int) {
    if test.isRequest {
      var decoder = HTTPRequestDecoder()
      read(test, piece: piece, into: &decoder) { head in
        HTTPReading(
          start: Array(head.method.utf8), target: Array(head.target.utf8), minor: head.minorVersion,
          fields: head.headers.fields.map { HTTPReading.field(Array($0.name.utf8), Array($0.value.utf8)) })
      } refusal: { head in
        head.method == "OPTIONS" ? 403 : ["GET", "HEAD", "POST"].contains(head.method) ? nil : 405
      } closes: {
        !$0.keepsAlive
      }
    } else {
      var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: Int.max))
      if test.skipsBody { decoder.requestMethod = "HEAD" }
      read(test, piece: piece, into: &decoder) { head in
        HTTPReading(
          start: Array(String(head.status).utf8), target: Array(head.reason.utf8), minor: head.minorVersion,
          fields: head.headers.fields.map { HTTPReading.field(Array($0.name.utf8), Array($0.value.utf8)) })
      } refusal: { _ in
        nil
      } closes: { _ in
        false
      }
    }
  }

  mutating func read<Head>(
    _ test: LLHTTPCase, piece: Int, into decoder: inout HTTPMessageDecoder<Head>,
    reading: (Head) -> HTTPReading, refusal refuses: (Head) -> Int?, closes: (Head) -> Bool
  ) {
    var head: Head?
    var offset = 0
    let finishes = test.type.hasSuffix("-finish")
    do throws(HTTPError) {
      reading: while offset < test.input.count {
        decoder.append(Array(test.input[offset..<min(test.input.count, offset + piece)]))
        offset += piece
        while let event = try decoder.next() {
          switch event {
          case .head(let next):
            head = next
            messages.append(reading(next))
          case .body(let bytes): messages[messages.count - 1].body += bytes
          case .end:
            messages[messages.count - 1].complete = true
            // `serve` reads the whole request, then answers; a refusal closes the connection.
            if let head, let status = refuses(head) {
              refusal = (status, "method \(String(decoding: messages.last!.start, as: UTF8.self))")
              byServer = true
              return
            }
            if let head, closes(head) {
              closed = true
              break reading
            }
          }
        }
      }
      if !closed && (finishes || decoder.body == nil) {
        let ended = try decoder.finish()
        if ended, !messages.isEmpty { messages[messages.count - 1].complete = true }
        finish = ended ? 1 : 0
      }
    } catch {
      refusal = (error.status, error.description)
      if finishes { finish = 2 }
    }
    if !finishes { finish = nil }
  }
}

/// How a case compares: the outcome it is counted under, and what is wrong when it is read differently.
struct LLHTTPVerdict: Equatable {
  /// `accepted`, `accepted (closed)`, `accepted (upgrade not followed)`, `read whole, method
  /// refused`, `refused (llhttp refuses)`, `refused (llhttp accepts)`, `refused (llhttp waits)`,
  /// `read differently`, or `waits`.
  var outcome: String
  /// Why the case fails; nil when it holds.
  var failure: String?

  static func failing(_ why: String) -> LLHTTPVerdict {
    LLHTTPVerdict(outcome: "read differently", failure: why)
  }

  /// Compares our reading with llhttp's.
  ///
  /// Every message ours reads whole, llhttp reads whole and the same (method or status, target or
  /// reason, version, fields, body); ours may refuse what llhttp accepts (stricter), with a 4xx
  /// status (or 501 for a transfer coding before `chunked` that it does not implement, as RFC 9112
  /// section 6.1 asks), and must refuse or stop where llhttp refuses. After an upgrade llhttp stops
  /// reading HTTP; `serve` never upgrades (it refuses `CONNECT` with 405 and ignores `Upgrade`),
  /// so the bytes after are not compared. After a request that closes the connection, `serve`
  /// reads no more (llhttp's "Data after `Connection: close`").
  static func judge(_ llhttp: LLHTTPLog, _ ours: OurReading) -> LLHTTPVerdict {
    for (index, message) in ours.messages.enumerated() where message.complete {
      // A request `serve` reads whole and refuses (405 and close) where llhttp refuses it or stops
      // at it (an unknown method; `CONNECT`, whose declared body llhttp leaves to the tunnel).
      if ours.byServer, index == ours.messages.count - 1, llhttp.error != nil { break }
      guard index < llhttp.messages.count else {
        if llhttp.upgraded { break }
        return failing("ours reads a message llhttp does not: \(message)")
      }
      let theirs = llhttp.messages[index]
      guard theirs.complete || (llhttp.upgraded && index == llhttp.messages.count - 1) else {
        return failing("ours reads a whole message where llhttp does not: \(message)")
      }
      var compared = message
      compared.complete = theirs.complete
      guard compared == theirs else { return failing("llhttp reads \(theirs), ours \(message)") }
    }
    // A message ours is still reading (its head read, its body not ended) has llhttp's head.
    if ours.refusal == nil, let last = ours.messages.last, !last.complete,
      ours.messages.count <= llhttp.messages.count
    {
      let theirs = llhttp.messages[ours.messages.count - 1]
      guard
        (last.start, last.target, last.minor, last.fields) == (
          theirs.start, theirs.target, theirs.minor, theirs.fields
        )
      else { return failing("llhttp reads the head \(theirs), ours \(last)") }
    }
    if let finish = llhttp.finish, finish != ours.finish {
      return failing("llhttp_finish gives \(finish), ours \(ours.finish.map(String.init) ?? "nothing")")
    }
    if let refusal = ours.refusal {
      guard (400..<500).contains(refusal.status) || refusal.status == 501 else {
        return LLHTTPVerdict(
          outcome: "refused", failure: "refused with status \(refusal.status): \(refusal.reason)")
      }
      if ours.byServer { return LLHTTPVerdict(outcome: "read whole, method refused", failure: nil) }
      if llhttp.error != nil, !llhttp.upgraded {
        return LLHTTPVerdict(outcome: "refused (llhttp refuses)", failure: nil)
      }
      let readAll = llhttp.messages.allSatisfy(\.complete)
      return LLHTTPVerdict(
        outcome: readAll ? "refused (llhttp accepts)" : "refused (llhttp waits)", failure: nil)
    }
    let ourComplete = ours.messages.filter(\.complete).count
    let theirComplete = llhttp.messages.filter(\.complete).count
    if ours.closed { return LLHTTPVerdict(outcome: "accepted (closed)", failure: nil) }
    if llhttp.upgraded { return LLHTTPVerdict(outcome: "accepted (upgrade not followed)", failure: nil) }
    if let error = llhttp.error {
      return LLHTTPVerdict(
        outcome: "waits", failure: "waits where llhttp refuses: \(error.code) \(error.reason)")
    }
    guard ourComplete == theirComplete else {
      return LLHTTPVerdict(
        outcome: "waits", failure: "waits for more after \(ourComplete) of llhttp's \(theirComplete) messages"
      )
    }
    return LLHTTPVerdict(outcome: "accepted", failure: nil)
  }
}
