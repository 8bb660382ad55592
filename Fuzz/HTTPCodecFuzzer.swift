// libFuzzer target: the HTTP/1.1 codec (`HTTPMessageDecoder`, `HTTPHeadParser`,
// `HTTPChunkedDecoder`, `HTTPWriter`) on arbitrary bytes, as `settings serve` reads requests and
// the fleet store's client reads responses.
//
// The first byte picks requests or responses and the size of the pieces the rest is fed in.
// Checked: nothing crashes or loops; the events (body bytes joined; those of a message an error
// stops left out) and the error are the same whether the bytes come at once or in pieces; a head that parses is written back by HTTPWriter
// and parses to the same head; no body is longer than the limit.
//
// Built by Scripts/fuzz.sh together with every file of Sources/SettingsKit as one module.

let httpFuzzLimits = HTTPLimits(maxHeadSize: 2048, maxFieldCount: 20, maxBodySize: 4096, maxChunkLineSize: 64)

/// The target's entry point, which `FuzzerMain.swift` calls: runs one input; returns 0 (inputs
/// are never rejected).
public func httpCodecFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard size > 0, let data else { return 0 }
  let control = data[0]
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let step = Int(control >> 1) + 1
  if control & 1 == 0 {
    let whole = httpFuzzRun(HTTPRequestDecoder(limits: httpFuzzLimits), bytes, step: bytes.count + 1)
    let pieces = httpFuzzRun(HTTPRequestDecoder(limits: httpFuzzLimits), bytes, step: step)
    if whole != pieces { fatalError("requests differ when fed in pieces of \(step)") }
    for case .head(let head) in whole.events {
      let written = HTTPWriter.bytes(of: head)
      guard let (again, length) = try? HTTPHeadParser.request(written[...], limits: HTTPLimits()),
        length == written.count, again == head
      else { fatalError("request head does not round-trip: \(head)") }
    }
  } else {
    let whole = httpFuzzRun(HTTPResponseDecoder(limits: httpFuzzLimits), bytes, step: bytes.count + 1)
    let pieces = httpFuzzRun(HTTPResponseDecoder(limits: httpFuzzLimits), bytes, step: step)
    if whole != pieces { fatalError("responses differ when fed in pieces of \(step)") }
    for case .head(let head) in whole.events {
      let written = HTTPWriter.bytes(of: head)
      guard let (again, _) = try? HTTPHeadParser.response(written[...], limits: HTTPLimits()), again == head
      else { fatalError("response head does not round-trip: \(head)") }
    }
  }
  return 0
}

/// What a decoder made of the bytes: its events with body bytes joined, and how it stopped.
struct HTTPFuzzOutcome<Head: HTTPMessageHead>: Equatable {
  var events: [HTTPEvent<Head>] = []
  var error: HTTPError?
  var finished: Bool?
}

func httpFuzzRun<Head>(_ decoder: HTTPMessageDecoder<Head>, _ bytes: [UInt8], step: Int) -> HTTPFuzzOutcome<
  Head
> {
  var decoder = decoder
  var outcome = HTTPFuzzOutcome<Head>()
  var bodySize = 0
  func add(_ event: HTTPEvent<Head>) {
    if case .body(let more) = event {
      bodySize += more.count
      if bodySize > httpFuzzLimits.maxBodySize { fatalError("a body over the limit") }
      if case .body(let some)? = outcome.events.last {
        outcome.events[outcome.events.count - 1] = .body(some + more)
        return
      }
    } else if case .end = event {
      bodySize = 0
    }
    outcome.events.append(event)
  }
  var offset = 0
  do throws(HTTPError) {
    while offset < bytes.count {
      decoder.append(Array(bytes[offset..<min(bytes.count, offset + step)]))
      offset += step
      var count = 0
      while let event = try decoder.next() {
        add(event)
        count += 1
        if count > 100_000 { fatalError("the decoder does not stop") }
      }
    }
    outcome.finished = try decoder.finish()
  } catch {
    // Body bytes of the message the error stops may have been handed out in pieces or not at
    // all (one call that fails gives none): compare what precedes them.
    while case .body? = outcome.events.last { outcome.events.removeLast() }
    outcome.error = error
  }
  return outcome
}
