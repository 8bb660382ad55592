/// A file system path as the bytes the kernel sees: not necessarily UTF-8, so a path from the
/// command line or the environment reaches `open(2)` byte for byte (after swift-system's `FilePath`).
///
/// Text is only made of it for messages, with ``description``: the path escaped for a terminal, each
/// byte that is not part of valid UTF-8 shown as `\xHH`.
public struct SystemPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL.
  public var bytes: [UInt8]

  /// A path from its bytes.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// A path from text, as its UTF-8 bytes.
  public init(_ string: String) { self.bytes = Array(string.utf8) }

  /// A path from a string literal, as its UTF-8 bytes.
  public init(stringLiteral value: String) { self.init(value) }

  /// Whether the path has no bytes.
  public var isEmpty: Bool { bytes.isEmpty }

  /// Whether the path starts with `/`.
  public var isAbsolute: Bool { bytes.first == Self.slash }

  /// Whether the path ends with `/` (so names a directory).
  public var endsWithSlash: Bool { bytes.last == Self.slash }

  /// The part before the last `/`: `a/b/c` gives `a/b`, `c` gives `.`, `/c` gives `/`.
  public var directory: SystemPath {
    guard let slash = bytes.lastIndex(of: Self.slash) else { return "." }
    return slash == 0 ? "/" : SystemPath(bytes: Array(bytes[..<slash]))
  }

  /// The part after the last `/` (the whole path when there is none; empty after a final `/`).
  public var lastComponent: SystemPath {
    guard let slash = bytes.lastIndex(of: Self.slash) else { return self }
    return SystemPath(bytes: Array(bytes[(slash + 1)...]))
  }

  /// `other` relative to this path: `other` itself when it is absolute or this path is empty,
  /// else the two joined with one `/`.
  public func appending(_ other: SystemPath) -> SystemPath {
    if other.isAbsolute || isEmpty { return other }
    return SystemPath(bytes: bytes + (endsWithSlash ? [] : [Self.slash]) + other.bytes)
  }

  /// This path with `suffix`'s UTF-8 bytes added at the end (no `/` between): `s.json` + `.lock`.
  public func addingSuffix(_ suffix: String) -> SystemPath { SystemPath(bytes: bytes + Array(suffix.utf8)) }

  /// Whether the last bytes are `suffix`'s UTF-8 bytes.
  public func hasSuffix(_ suffix: String) -> Bool { bytes.reversed().starts(with: suffix.utf8.reversed()) }

  /// The path as text when its bytes are valid UTF-8, else nil.
  public var string: String? { String(validating: bytes, as: UTF8.self) }

  /// The path for messages: escaped as ``ControlCharacters/escaped(_:)`` escapes text, and each byte
  /// that is not part of valid UTF-8 as `\xHH` (uppercase hex), as `ls -b` and Bash's `$'…'` do.
  /// The same as the text for an ordinary path.
  public var description: String {
    if let string { return ControlCharacters.escaped(string) }
    var result = ""
    var start = 0
    var index = 0
    while index < bytes.count {
      let length = Self.validSequenceLength(in: bytes, at: index)
      if length > 0 {
        index += length
        continue
      }
      result += ControlCharacters.escaped(String(decoding: bytes[start..<index], as: UTF8.self))
      result += "\\x" + (bytes[index] < 0x10 ? "0" : "") + String(bytes[index], radix: 16, uppercase: true)
      index += 1
      start = index
    }
    return result + ControlCharacters.escaped(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  /// The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7), or 0.
  static func validSequenceLength(in bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let (length, secondRange): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0x00...0x7F: (1, 0x80...0xBF)
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      default: (0, 0x80...0xBF)
      }
    if length <= 1 { return length }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
    return length
  }

  private static let slash = UInt8(ascii: "/")
}
