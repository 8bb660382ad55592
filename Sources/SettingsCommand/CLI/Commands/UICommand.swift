import Dispatch
import SettingsKit
import SettingsPOSIX
import Synchronization

/// `settings ui`: the interactive settings screen on the terminal. It draws on the terminal
/// directly (the one command that does), and refuses to run when standard input or output is not
/// a terminal.
enum UICommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    guard FileDescriptor.standardInput.isTerminal, FileDescriptor.standardOutput.isTerminal else {
      throw CommandError(
        messages: [
          "settings ui needs a terminal on standard input and output; use 'settings show' in scripts"
        ],
        status: .unavailable)
    }
    let colors = context.colors()
    let document = try context.openDocument()
    // The screen writes what the user changes: without a store location it fails as set does (78).
    let storePath: SystemPath? = try context.writableStorePath(for: document.document)
    let viewStatePath = storePath.map(ViewState.path(besideStore:))
    let layers = context.layers(
      for: document.document, user: try context.userStore(for: document.document, forWriting: true))
    // Out of reach at the start: 69 before the screen opens, as serve and watch.
    try context.requireReachableStore(Settings(document: document.document, layers: layers))
    let terminal: TerminalSession
    var screen: SettingsScreen
    // Open and closed sections are cosmetic: a damaged view-state file is ignored, and said so.
    let viewState = viewStatePath.map { ViewState.read(from: $0) } ?? (state: ViewState(), warning: nil)
    do {
      terminal = try TerminalSession()
      let size = terminal.size()
      screen = try SettingsScreen(
        document: document, layers: layers, viewState: viewState.state, viewStatePath: viewStatePath,
        width: size.width, height: size.height, colors: colors)
    } catch let error as any ExplainedError {
      throw CommandError(error)
    } catch {
      throw CommandError(messages: [error.message], status: .dataError)
    }
    if let warning = viewState.warning ?? layers.ignored.first?.message {
      screen.status = "Warning: " + warning
    }
    let status = Mutex<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    // The screen follows changes made elsewhere, and the document's file.
    let live = LiveUpdates(documentPath: context.documentFile, locales: context.locales)
    let box = UnsafeTransfer((screen, terminal, live))
    Task.detached {
      var session = InteractiveSession(screen: box.value.0, terminal: box.value.1)
      session.live = box.value.2
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

/// Hands a value that is used by one task at a time to that task.
struct UnsafeTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
