import SettingsKit
import SettingsPOSIX

/// Runs a ``LineScreen`` (`settings ui --accessible`) until `q` or the end of its input: lines are
/// read from `input`, a keyboard in the terminal's line mode or a pipe, and answered by lines
/// appended to `output`. Changes made elsewhere are said as they come, between commands: one
/// `poll(2)` waits for a line and for the watch.
///
/// Nothing changes the terminal: no raw mode, no alternate screen, no escape sequence, so Ctrl-C
/// ends the process as it ends any line-reading command.
struct LineSession {
  var screen: LineScreen
  let input: FileDescriptor
  let output: FileDescriptor
  /// Changes made elsewhere, said as they come; nil for a screen that does not follow the store.
  var live: LiveUpdates?

  /// Runs until `q` or the end of the input; returns the exit status.
  mutating func run() async -> Int32 {
    guard let (wakeRead, wakeWrite) = try? FileDescriptor.pipe() else { return ExitStatus.ioError.rawValue }
    defer {
      wakeRead.close()
      wakeWrite.close()
    }
    let watch = live?.start(screen.screen.settings, from: screen.screen.stack[0].table.snapshot) {
      var byte: UInt8 = 0
      _ = systemWrite(wakeWrite.rawValue, &byte, 1)
    }
    defer { watch?.stop() }
    // From a keyboard, a secure value's line is read without echo (see ``LineScreen/asksForSecret``).
    let modes = input.isTerminal ? try? TerminalModes.current(of: input.rawValue) : nil
    var secretLine = false
    defer { if secretLine { modes?.apply(to: input.rawValue) } }
    write(screen.opening())
    var pending: [UInt8] = []
    while !screen.isFinished {
      if let modes, screen.asksForSecret != secretLine {
        secretLine = screen.asksForSecret
        (secretLine ? modes.forSecretLine : modes).apply(to: input.rawValue)
      }
      // One line at a time, so that the modes fit the line that comes next. A secret's line ends
      // at Ctrl-C too (the terminal hands it over at once, see ``TerminalModes/forSecretLine``):
      // it cancels there and then, whatever was typed before it.
      let cancel = screen.asksForSecret ? pending.firstIndex(of: 0x03) : nil
      if let end = [pending.firstIndex(of: UInt8(ascii: "\n")), cancel].compactMap({ $0 }).min() {
        let line = pending[end] == 0x03 ? "\u{3}" : Self.line(pending[..<end])
        pending.removeSubrange(...end)
        write(await screen.handle(line: line))
        continue
      }
      let readable: [Bool]
      do {
        readable = try systemPoll(
          [(input.rawValue, .readable), (wakeRead.rawValue, .readable)], timeoutMilliseconds: -1
        )
        .map { !$0.isEmpty }
      } catch {
        if error == .interrupted { continue }
        return ExitStatus.ioError.rawValue
      }
      if readable[1] {
        var byte: UInt8 = 0
        _ = withUnsafeMutableBytes(of: &byte) { try? wakeRead.read(into: $0) }
        let before = screen.described()
        let snapshot = screen.screen.stack[0].table.snapshot
        let document = screen.screen.loaded.document
        screen.screen.status = nil
        screen.screen.outside = OutsideNews()
        live?.apply(to: &screen.screen)
        // A new version of the document opens on its top page: a value or a choice asked for is
        // of the old one, so the next line is a command again.
        if screen.screen.loaded.document != document {
          screen.prompt = .command
          write(screen.outsideLines(before: before, snapshot: snapshot, reloaded: true))
        } else {
          write(screen.outsideLines(before: before, snapshot: snapshot))
        }
        screen.screen.status = nil
        continue
      }
      guard readable[0] else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { try? input.read(into: $0) } ?? 0
      if count == 0 {
        // The end of the input: a last line without a newline is still a line.
        if !pending.isEmpty { write(await screen.handle(line: Self.line(pending))) }
        return ExitStatus.success.rawValue
      }
      pending += buffer[0..<count]
    }
    return ExitStatus.success.rawValue
  }

  /// A line's text: UTF-8 (invalid bytes replaced), without the carriage return a terminal or a
  /// Windows editor may leave at its end.
  static func line(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\r") ? String(text.dropLast()) : text
  }

  /// Appends `lines` to the output, each ending in a newline.
  func write(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    try? output.writeAll(Array((lines.joined(separator: "\n") + "\n").utf8))
  }
}
