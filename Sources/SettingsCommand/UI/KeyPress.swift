import SettingsKit

/// A key press, decoded from the bytes a terminal sends (ECMA-48 / xterm control sequences).
public enum KeyPress: Sendable, Equatable {
  /// ↑.
  case up
  /// ↓.
  case down
  /// ←.
  case left
  /// →.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Enter (CR or LF).
  case enter
  /// A lone Escape.
  case escape
  /// Backspace (DEL or BS).
  case backspace
  /// Ctrl-C.
  case interrupt
  /// Ctrl-Z.
  case suspend
  /// A printable character, space included.
  case character(Character)
  /// Delete (`ESC [ 3 ~`): removes the character after the cursor while editing text.
  case delete
  /// Ctrl-U: clears the editing line.
  case clearLine

  /// Decodes as many whole keys as `bytes` holds; returns them and how many bytes were used.
  ///
  /// An escape sequence cut off at the end is left unused (the caller waits a moment for the rest
  /// and, if nothing comes, passes `flush: true` to read a lone ESC as ``escape``). Unknown
  /// sequences are dropped whole.
  public static func decode(_ bytes: [UInt8], flush: Bool = false) -> (keys: [KeyPress], used: Int) {
    var keys: [KeyPress] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        guard index + 1 < bytes.count else {
          if flush {
            keys.append(.escape)
            index += 1
            continue
          }
          return (keys, index)
        }
        let next = bytes[index + 1]
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
          keys.append(.escape)
          index += 1
          continue
        }
        // CSI or SS3: parameters (digits and ';') then one final byte in 0x40...0x7E.
        var end = index + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
          if flush {
            index = bytes.count
            continue
          }
          return (keys, index)
        }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        if let key = sequenceKey(final: bytes[end], parameters: parameters) { keys.append(key) }
        index = end + 1
      case 0x0D, 0x0A:
        keys.append(.enter)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x03:
        keys.append(.interrupt)
        index += 1
      case 0x1A:
        keys.append(.suspend)
        index += 1
      case 0x15:
        keys.append(.clearLine)
        index += 1
      case 0x00..<0x20:
        index += 1
      default:
        // One UTF-8 scalar; an incomplete one waits for its remaining bytes.
        let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else {
          if flush {
            index = bytes.count
            continue
          }
          return (keys, index)
        }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        if let character = text.first, character != "\u{FFFD}" { keys.append(.character(character)) }
        index += length
      }
    }
    return (keys, index)
  }

  static func sequenceKey(final: UInt8, parameters: String) -> KeyPress? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      case "3": return .delete
      default: return nil
      }
    default: return nil
    }
  }
}
