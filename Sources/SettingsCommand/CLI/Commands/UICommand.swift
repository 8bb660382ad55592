import Dispatch
import SettingsKit
import SettingsPOSIX
import SettingsTerminal
import Synchronization

/// `settings ui`: the interactive settings screen on the terminal. It draws on the terminal
/// directly (the one command that does), with the cursor on the selection; or, in line mode
/// (``LineScreen``), it reads commands as lines and appends lines.
enum UICommand {
  /// Whether `settings ui` runs in line mode: `--accessible`, `ACCESSIBLE` set (and not empty or
  /// `0`), `TERM=dumb`, or standard input or output not a terminal (a pipe, a file, an ssh session
  /// without a terminal), where no full screen can be drawn or no key read.
  static func usesLineMode(
    accessible: Bool, environment: [String: String], inputIsTerminal: Bool, outputIsTerminal: Bool
  ) -> Bool {
    if accessible { return true }
    if let value = environment["ACCESSIBLE"], !value.isEmpty, value != "0" { return true }
    return environment["TERM"] == "dumb" || !inputIsTerminal || !outputIsTerminal
  }

  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    let lineMode = usesLineMode(
      accessible: context.invocation[Options.accessible], environment: context.environment,
      inputIsTerminal: FileDescriptor.standardInput.isTerminal,
      outputIsTerminal: FileDescriptor.standardOutput.isTerminal)
    let colors = lineMode ? false : context.colors()
    let document = try context.openScreenDocument(keepingCompiledForm: true)
    // The screen writes what the user changes: without a store location it fails as set does (78).
    let storePath = try context.storeFilePath(for: document.document)
    let viewStatePath: SystemPath? = ViewState.path(besideStore: storePath)
    let layers = try context.layers(for: document.document, forWriting: true)
    // Out of reach at the start: 69 before the screen opens, as serve and watch.
    try context.requireReachableStore(Settings(document: document.document, layers: layers))
    var screen: SettingsScreen
    // Open and closed sections are cosmetic: a damaged view-state file is ignored, and said so.
    let viewState = viewStatePath.map { ViewState.read(from: $0) } ?? (state: ViewState(), warning: nil)
    /// The screen at a size, with the warning of a damaged view-state file or an ignored system
    /// file on its status line; an error while it is made (or the terminal opened) is the command's.
    func makeScreen(_ size: () throws -> (width: Int, height: Int)) throws(CommandError) -> SettingsScreen {
      var screen: SettingsScreen
      do {
        let (width, height) = try size()
        screen = try SettingsScreen(
          document: document, layers: layers, viewState: viewState.state, viewStatePath: viewStatePath,
          width: width, height: height, colors: colors)
      } catch let error as any ExplainedError {
        throw CommandError(error)
      } catch {
        throw CommandError(messages: [TerminalText.escaped(error.message)], status: .dataError)
      }
      if let warning = viewState.warning ?? layers.ignored.first?.message {
        screen.status = "Warning: " + warning
      }
      return screen
    }
    if lineMode {
      screen = try makeScreen { (80, 24) }
      let live = LiveUpdates(
        documentPath: context.documentFile, locales: context.locales, open: context.documentOpener,
        documentOptions: context.documentOptions(keepsDocument: true))
      return try runToEnd(
        LineSession(
          screen: LineScreen(screen: screen), input: .standardInput, output: .standardOutput, live: live))
    }
    var opened: TerminalSession?
    screen = try makeScreen {
      let terminal = try TerminalSession()
      opened = terminal
      return terminal.size()
    }
    guard let terminal = opened else { throw CommandError(messages: ["no terminal"], status: .ioError) }
    // The screen follows changes made elsewhere, and the document's file.
    let live = LiveUpdates(
      documentPath: context.documentFile, locales: context.locales, open: context.documentOpener,
      documentOptions: context.documentOptions(keepsDocument: true))
    var session = InteractiveSession(screen: screen, terminal: terminal)
    session.live = live
    session.cursorVisible = (context.invocation[Options.cursor] ?? .visible) == .visible
    return try runToEnd(session)
  }

  /// Runs a session on a task of its own until it ends; a status other than 0 (128 + a signal)
  /// becomes the command's.
  static func runToEnd(_ session: some UISession) throws(CommandError) -> String {
    let status = Mutex<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    let box = UnsafeTransfer(session)
    Task.detached {
      var session = box.value
      let result = await session.run()
      status.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    let result = status.withLock { $0 }
    guard result == 0 else {
      throw CommandError(messages: [], status: ExitStatus(rawValue: result) ?? .success, exitCode: result)
    }
    return ""
  }
}

/// A session of `settings ui`: the full screen or the line mode.
protocol UISession {
  /// Runs until the user quits; returns the exit status.
  mutating func run() async -> Int32
}

extension InteractiveSession: UISession {}
extension LineSession: UISession {}

/// Whether `settings ui` shows the terminal's cursor on the selection (`--cursor`).
///
/// Visible by default: a braille display shows the line under the cursor and a screen reader reads
/// from it, and a hidden cursor locks their users out, while the `>` marker already shows sighted
/// users the selection, so the cursor standing on it costs them nothing.
enum CursorMode: String, Sendable {
  case visible, hidden
}

/// Hands a value that is used by one task at a time to that task.
struct UnsafeTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
