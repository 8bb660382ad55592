import Dispatch
import SettingsKit
import Synchronization

/// `settings ui`: the interactive settings screen on the terminal. It draws on the terminal
/// directly (the one command that does), and refuses to run when standard input or output is not
/// a terminal.
enum UICommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments(0...0)
    guard FileDescriptor.standardInput.isTerminal, FileDescriptor.standardOutput.isTerminal else {
      throw CommandError(
        messages: [
          "settings ui needs a terminal on standard input and output; use 'settings show' in scripts"
        ],
        status: .noTerminal)
    }
    let colors = try context.colors()
    let document = try context.loadDocument(loadingItemsFiles: false)
    // The screen writes what the user changes: without a store location it fails as set does (78).
    let storePath: SystemPath? = try context.writableStorePath(for: document)
    let itemsFiles = try context.itemsFiles(for: document)
    let viewStatePath = storePath.map(ViewState.path(besideStore:))
    let settings = Settings(document: document, store: storePath.map { FileStore(path: $0) } ?? MemoryStore())
    let terminal: TerminalSession
    let screen: SettingsScreen
    do {
      terminal = try TerminalSession()
      let viewState = try viewStatePath.map { try ViewState.read(from: $0) } ?? ViewState()
      let size = terminal.size()
      screen = try SettingsScreen(
        settings: settings, itemsFiles: itemsFiles, viewState: viewState, viewStatePath: viewStatePath,
        width: size.width, height: size.height, colors: colors)
    } catch {
      throw CommandError(messages: [error.message], status: .dataError)
    }
    let status = Mutex<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    let box = UnsafeTransfer((screen, terminal))
    Task.detached {
      var session = InteractiveSession(screen: box.value.0, terminal: box.value.1)
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
