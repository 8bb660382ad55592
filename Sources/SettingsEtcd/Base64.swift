import SettingsKit

/// Base64 (RFC 4648, with padding) for the keys and values of etcd's JSON gateway, which carries
/// them as protobuf `bytes`.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let first = bytes[index]
      let second = index + 1 < bytes.count ? bytes[index + 1] : 0
      let third = index + 2 < bytes.count ? bytes[index + 2] : 0
      output.append(alphabet[Int(first >> 2)])
      output.append(alphabet[Int((first & 0x03) << 4 | second >> 4)])
      output.append(index + 1 < bytes.count ? alphabet[Int((second & 0x0F) << 2 | third >> 6)] : 0x3D)
      output.append(index + 2 < bytes.count ? alphabet[Int(third & 0x3F)] : 0x3D)
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The base64 text of `text`'s UTF-8 bytes.
  static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

  /// The bytes of base64 `text` (padding optional); nil when it is not base64.
  static func decode(_ text: String) -> [UInt8]? {
    var output: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for byte in text.utf8 {
      if byte == 0x3D {
        padding += 1
        continue
      }
      guard padding == 0, let value = value(of: byte) else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    guard padding <= 2, bits < 6 else { return nil }
    return output
  }

  private static func value(of byte: UInt8) -> UInt8? {
    switch byte {
    case 0x41...0x5A: byte - 0x41
    case 0x61...0x7A: byte - 0x61 + 26
    case 0x30...0x39: byte - 0x30 + 52
    case 0x2B, 0x2D: 62
    case 0x2F, 0x5F: 63
    default: nil
    }
  }
}
