import SettingsKit
import SettingsPOSIX
import SettingsTerminal

/// Runs a ``LineScreen`` (`settings ui --accessible`) until `q`, Ctrl-C or the end of its input:
/// lines are read from `input`, a keyboard in the terminal's line mode or a pipe, and answered by
/// lines appended to `output`. Changes made elsewhere are said as they come, between commands: one
/// `poll(2)` waits for a line, for the watch and for SIGINT.
///
/// Nothing changes the terminal but the lines that edit a value: no raw mode, no alternate screen,
/// no escape sequence. While a value or a choice is asked for, Ctrl-C is read as a character that
/// ends the line (``TerminalModes/forEditLine``) and cancels the edit; at a command, Ctrl-C (SIGINT)
/// quits. Whatever ends the session (`q`, Ctrl-C, the end of the input) says `Quit.` last.
struct LineSession {
  /// How the terminal reads the next line.
  private enum LineKind {
    case command, edit, secret
  }

  var screen: LineScreen
  let input: FileDescriptor
  let output: FileDescriptor
  /// Changes made elsewhere, said as they come; nil for a screen that does not follow the store.
  var live: LiveUpdates?

  /// The last line said, however the session ends.
  static let quitLine = "Quit."

  /// Runs until `q`, Ctrl-C at a command or the end of the input; returns the exit status: 0, or
  /// 130 (128 + SIGINT) after Ctrl-C, as when the signal ended the process.
  mutating func run() async -> Int32 {
    guard let signals = try? SignalPipe(signals: [SignalNumber.interrupt]) else {
      return ExitStatus.ioError.rawValue
    }
    defer { signals.restore() }
    // Changes made elsewhere wake the loop with a 0 byte (no signal has that number).
    let watch = live?.start(screen.screen.settings, from: screen.screen.stack[0].table.snapshot) {
      signals.post(0)
    }
    defer { watch?.stop() }
    // From a keyboard, a line that edits a value reads Ctrl-C as a character, and a secure value's
    // line is read without echo (see ``LineScreen/isEditing`` and ``LineScreen/asksForSecret``).
    let modes = input.isTerminal ? try? TerminalModes.current(of: input.rawValue) : nil
    var kind = LineKind.command
    defer { if kind != .command { modes?.apply(to: input.rawValue) } }
    // The modes for the next line are set before the answer is written, so that what is typed
    // after it is read in them.
    func fitModes(to screen: LineScreen) {
      let next: LineKind = screen.asksForSecret ? .secret : screen.isEditing ? .edit : .command
      guard let modes, next != kind else { return }
      kind = next
      switch kind {
      case .command: modes.apply(to: input.rawValue)
      case .edit: modes.forEditLine.apply(to: input.rawValue)
      case .secret: modes.forSecretLine.apply(to: input.rawValue)
      }
    }
    write(screen.opening())
    var pending: [UInt8] = []
    while !screen.isFinished {
      fitModes(to: screen)
      // One line at a time, so that the modes fit the line that comes next. An edit's line ends
      // at Ctrl-C too (the terminal hands it over at once, see ``TerminalModes/forEditLine``): it
      // cancels there and then, whatever was typed before it.
      if let end = [pending.firstIndex(of: UInt8(ascii: "\n")), pending.firstIndex(of: 0x03)]
        .compactMap({ $0 }).min()
      {
        let interrupted = pending[end] == 0x03
        let line = interrupted ? "\u{3}" : Self.line(pending[..<end])
        pending.removeSubrange(...end)
        // Ctrl-C read as a character at a command (typed before the edit's modes were undone) is
        // the Ctrl-C that quits there.
        if interrupted, !screen.isEditing {
          write([Self.quitLine])
          return 128 + SignalNumber.interrupt
        }
        let answer = await screen.handle(line: line)
        fitModes(to: screen)
        write(answer)
        continue
      }
      let readable: [Bool]
      do {
        readable = try systemPoll(
          [(input.rawValue, .readable), (signals.readEnd.rawValue, .readable)], timeoutMilliseconds: -1
        )
        .map { !$0.isEmpty }
      } catch {
        return ExitStatus.ioError.rawValue
      }
      if readable[1] {
        let bytes = signals.take()
        if bytes.contains(UInt8(truncatingIfNeeded: SignalNumber.interrupt)) {
          // SIGINT (Ctrl-C at a command, or sent by another process): cancels an edit, else quits.
          guard screen.isEditing else {
            write([Self.quitLine])
            return 128 + SignalNumber.interrupt
          }
          pending.removeAll()
          write(screen.cancelEdit())
        }
        if bytes.contains(0) { takeChangesMadeElsewhere() }
        continue
      }
      guard readable[0] else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { try? input.read(into: $0) } ?? 0
      if count == 0 {
        // The end of the input: a last command without a newline is still a command, but only a
        // line ended by Enter is a value: an edit that the input leaves open is abandoned.
        if !pending.isEmpty, !screen.isEditing { write(await screen.handle(line: Self.line(pending))) }
        write(screen.cancelEdit() + [Self.quitLine])
        return ExitStatus.success.rawValue
      }
      pending += buffer[0..<count]
    }
    write([Self.quitLine])
    return ExitStatus.success.rawValue
  }

  /// Says what a watch of the store reported.
  private mutating func takeChangesMadeElsewhere() {
    let before = screen.described()
    let snapshot = screen.screen.stack[0].table.snapshot
    let document = screen.screen.loaded.document
    screen.screen.status = nil
    screen.screen.outside = OutsideNews()
    let shownLists = screen.screen.listElementsShown()
    let selected = screen.screen.level.selection
    live?.apply(to: &screen.screen)
    write(screen.followDeletion(from: shownLists, selected: selected))
    // A new version of the document opens on its top page: a value or a choice asked for is
    // of the old one, so the next line is a command again.
    if screen.screen.loaded.document != document {
      screen.prompt = .command
      write(screen.outsideLines(before: before, snapshot: snapshot, reloaded: true))
    } else {
      write(screen.outsideLines(before: before, snapshot: snapshot))
    }
    screen.screen.status = nil
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
