/// The header fields of an HTTP/1.1 message, in order; names compare without regard to case.
package struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// One field: its name as sent and its value with the surrounding spaces removed.
  package struct Field: Sendable, Equatable {
    /// The name, as sent (`Content-Type`).
    package var name: String
    /// The value, without leading or trailing spaces and tabs.
    package var value: String

    /// Creates a field.
    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in order, repeated names included.
  package var fields: [Field]

  /// Headers from fields in order.
  package init(_ fields: [Field] = []) { self.fields = fields }

  /// Headers from name-value pairs in order.
  package init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The value of the first field named `name` (any case); nil when there is none.
  package subscript(name: String) -> String? {
    fields.first { Self.sameName($0.name, name) }?.value
  }

  /// The values of every field named `name` (any case), in order.
  package func values(of name: String) -> [String] {
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// Whether a field named `name` is present.
  package func contains(_ name: String) -> Bool { fields.contains { Self.sameName($0.name, name) } }

  /// The values of every field named `name`, split at commas, trimmed, empty ones dropped
  /// (`Transfer-Encoding: gzip, chunked` gives `["gzip", "chunked"]`).
  package func list(of name: String) -> [String] {
    values(of: name).flatMap { $0.split(separator: ",") }
      .map { String($0).trimmingHTTPWhitespace() }.filter { !$0.isEmpty }
  }

  /// Appends a field.
  package mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Replaces every field named `name` by one with `value`.
  package mutating func set(_ name: String, _ value: String) {
    fields.removeAll { Self.sameName($0.name, name) }
    add(name, value)
  }

  /// Whether two field names are the same, ignoring ASCII case.
  static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
  }

  static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}

extension String {
  /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
  package func trimmingHTTPWhitespace() -> String {
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
