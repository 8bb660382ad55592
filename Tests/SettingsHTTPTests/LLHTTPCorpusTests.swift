import Testing

@testable import SettingsHTTP

/// llhttp's request and response cases (Tests/Data/llhttp) through our codec: each is read with the
/// meaning llhttp gives it or refused, never read differently.
struct LLHTTPCorpusTests {
  /// The outcome of every case of `kind`, read at once and a byte at a time; a failure is recorded.
  func outcomes(_ kind: String) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for test in try LLHTTPCase.all(in: kind) {
      // The embedder tells llhttp to skip a request's body; `serve` never does.
      if test.isRequest && test.skipsBody {
        counts["not applicable (skipBody)", default: 0] += 1
        continue
      }
      let llhttp = LLHTTPLog(test)
      let whole = LLHTTPVerdict.judge(llhttp, OurReading(test, piece: .max))
      let bytewise = LLHTTPVerdict.judge(llhttp, OurReading(test, piece: 1))
      if let failure = whole.failure ?? bytewise.failure {
        Issue.record("\(test): \(failure)")
      }
      if whole.outcome != bytewise.outcome {
        Issue.record("\(test): \(whole.outcome) at once, \(bytewise.outcome) a byte at a time")
      }
      counts[whole.outcome, default: 0] += 1
    }
    return counts
  }

  /// 166 cases: none read differently. "refused (llhttp accepts)" are llhttp's lenient modes and
  /// what `serve` does not take (RTSP and ICE versions, obsolete folding, a coding before
  /// `chunked`, bytes after an upgrade); "read whole, method refused" are requests read whole
  /// that `serve` answers 405 (or 403 for OPTIONS) and closes after.
  @Test func everyRequestCaseIsReadAsLLHTTPReadsItOrRefused() throws {
    #expect(
      try outcomes("request") == [
        "accepted": 35, "accepted (closed)": 5, "read whole, method refused": 36,
        "refused (llhttp accepts)": 24,
        "refused (llhttp refuses)": 55, "refused (llhttp waits)": 10, "not applicable (skipBody)": 1,
      ])
  }

  /// 85 cases: none read differently.
  @Test func everyResponseCaseIsReadAsLLHTTPReadsItOrRefused() throws {
    #expect(
      try outcomes("response") == [
        "accepted": 46, "refused (llhttp accepts)": 5, "refused (llhttp refuses)": 24,
        "refused (llhttp waits)": 10,
      ])
  }

  /// The corpus's bytes follow llhttp's `test/md-test.ts`: newlines become CRLF, a backslash at a
  /// line's end joins it to the next, then `\r`, `\n`, `\t`, `\f`, `\xHH` and octal escapes, as UTF-8.
  @Test func readsACasesBytesAsLLHTTPsTestRunnerDoes() {
    let block = "GET / HTTP/1.1\nA: b\\\n c\\r\\n\\x41\\101\\t\\xff"
    #expect(LLHTTPCase.bytes(of: block) == Array("GET / HTTP/1.1\r\nA: b c\r\nAA\t\u{FF}".utf8))
    let cases = LLHTTPCase.parse(
      "# T\n\n## One\n\n<!-- meta={\"type\": \"request\", \"skipBody\": true} -->\n```http\nGET / HTTP/1.1\n\n\n```\n\n"
        + "```log\noff=0 message begin\n```\n", file: "x.md")
    #expect(cases.map(\.description) == ["x.md:5 (One)"])
    #expect(cases.first?.input == Array("GET / HTTP/1.1\r\n\r\n".utf8))
    #expect(cases.first?.skipsBody == true)
    #expect(cases.first?.log == ["off=0 message begin"])
  }
}
