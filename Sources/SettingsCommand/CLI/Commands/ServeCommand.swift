import SettingsKit
import SettingsPOSIX
import SettingsSockets
import SettingsTerminal
import SettingsWeb

/// `settings serve [--port N] [--open]`: the settings screen in a browser, served on 127.0.0.1
/// by `SettingsWeb` (docs/WEB-API.md) until SIGINT, SIGTERM or SIGHUP.
///
/// Prints exactly one line, the address with this run's token, at once; `--open` hands
/// `xdg-open` a temporary mode-0600 HTML file that redirects to it, so the token is in no other
/// process's arguments. A port in use ends it with status 69, naming the port; so does a store out
/// of reach, before the address (``CommandContext/requireReachableStore(_:)``).
enum ServeCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    // From the compiled form, as the screen opens it: the page's rows are decoded as the browser
    // asks for them, and an items file's a page at a time, as `settings ui` reads them.
    let opened = try context.openScreenDocument(keepingCompiledForm: true)
    let document = opened.document
    // A document from standard input has its items files' items; they are opened for paging too.
    let itemsFiles =
      opened.itemsFiles.isEmpty ? try context.itemsFiles(for: document.sections) : opened.itemsFiles
    // The first page of each is read now, as the screen reads it: a line there that is not a valid
    // item stops the server before it listens.
    for (index, file) in itemsFiles.sorted(by: { $0.key < $1.key }) {
      let pageSize = document.sections[index].effectivePageSize ?? file.itemCount
      do {
        _ = try file.decodedItems(in: 0..<pageSize)
      } catch {
        throw CommandError(error)
      }
    }
    // The store every other command uses: the file, or etcd with --etcd / SETTINGS_ETCD.
    let layers = try context.layers(for: document, forWriting: true, warning: false)
    // The system files' values and locks are checked against their items, in the items files too.
    let named = layers.system.flatMap { Array($0.values.keys) + Array($0.locked.keys) }
    let checked = (try? document.including(named, from: itemsFiles)).flatMap { $0 } ?? document
    context.warn(about: layers, of: checked)
    for lock in layers.unmatchedLocks(in: checked) { context.warnings.add(lock.message) }
    let settings = Settings(document: document, layers: layers)
    try context.requireReachableStore(settings)
    let port = UInt16(context.invocation[Options.port] ?? 0)
    let listener: ListeningSocket
    do {
      listener = try ListeningSocket(port: port)
    } catch {
      throw CommandError(messages: [TerminalText.escaped(error.description)], status: .unavailable)
    }
    let fromFile = context.documentPath != nil && context.documentPath != "-"
    var configuration = WebApp.Configuration(
      port: listener.port, assets: WebFiles.all,
      documentPath: fromFile ? context.documentFile : nil,
      itemsDirectory: fromFile ? (context.documentFile?.directory ?? SystemPath(".")) : SystemPath("."),
      locales: context.locales, explicitLocale: context.invocation[Options.locale])
    if fromFile, let path = context.documentFile {
      configuration.open = context.localizedDocumentOpener
      configuration.searchDocument = context.searchedDocument(at: path)
      configuration.documentOptions = context.documentOptions(keepsDocument: true)
    }
    let app = WebApp(settings: settings, itemsFiles: itemsFiles, configuration: configuration)
    let signals: SignalPipe
    let server: WebServer
    do {
      signals = try SignalPipe(signals: [
        SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangUp, SignalNumber.brokenPipe,
      ])
      server = try WebServer(listener: listener, handler: app)
    } catch let error as Errno {
      listener.close()
      throw CommandError(messages: ["cannot wait for signals: \(error.reason)"], status: .ioError)
    } catch {
      listener.close()
      throw CommandError(messages: [TerminalText.escaped("\(error)")], status: .ioError)
    }
    defer { signals.restore() }
    app.startWatching()
    guard server.start() else {
      app.stopWatching()
      listener.close()
      throw CommandError(messages: ["cannot start the server's thread"], status: .ioError)
    }
    // The one line, written at once so that a script reading it does not wait for more.
    try? FileDescriptor.standardOutput.writeAll(Array((app.address + "\n").utf8))
    var redirect: SystemPath?
    if context.invocation[Options.open] {
      redirect = openInBrowser(app.address, context: context)
    }
    defer { if let redirect { systemUnlink(redirect) } }
    waitForSignal(signals)
    app.stopWatching()
    server.stop()
    return ""
  }

  /// Writes a mode-0600 HTML file that redirects to `address` in the temporary directory and runs
  /// `xdg-open` on it; the file's path (removed when the server stops), or nil with a warning.
  static func openInBrowser(_ address: String, context: CommandContext) -> SystemPath? {
    let directory = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let path = SystemPath(
      directory + "/settings-serve-\(systemGetpid())-\(WebSecurity.newToken().prefix(8)).html")
    let html =
      "<!doctype html>\n<html><head><meta charset=\"utf-8\">"
      + "<meta http-equiv=\"refresh\" content=\"0;url=\(WebResponse.escapedHTML(address))\"><title>settings</title>"
      + "</head><body><a href=\"\(WebResponse.escapedHTML(address))\">Open the settings</a></body></html>\n"
    do {
      let file = try FileDescriptor.open(
        path, [.writeOnly, .create, .exclusiveCreate, .closeOnExec], mode: 0o600)
      try file.closeAfter { () throws(Errno) in try file.writeAll(Array(html.utf8)) }
    } catch {
      context.warnings.add("cannot write \(path) for --open: \(error.reason); open the address by hand")
      return nil
    }
    if systemSpawn("xdg-open", [path.description]) == nil {
      context.warnings.add("cannot run xdg-open; open the address by hand")
    }
    return path
  }

  /// Returns when SIGINT, SIGTERM or SIGHUP arrives (SIGPIPE, from a reader of standard output
  /// that went away, is ignored).
  static func waitForSignal(_ signals: SignalPipe) {
    while true {
      guard let events = try? systemPoll([(signals.readEnd.rawValue, .readable)], timeoutMilliseconds: -1),
        events[0].contains(.readable) || events[0].isFailure
      else { continue }
      let numbers = signals.take().map(Int32.init)
      if numbers.contains(where: { $0 != SignalNumber.brokenPipe }) { return }
    }
  }
}
