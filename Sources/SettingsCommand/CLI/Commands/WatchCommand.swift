import SettingsEtcd
import SettingsKit
import SettingsPOSIX
import SettingsTerminal
import Synchronization

/// `settings watch [KEY…] [--json]`: one line per change of a value, made by any process, until
/// interrupted (as `gsettings monitor`).
///
/// Changes come from ``Settings/monitor(_:handler:)`` on the watch's thread, which writes each
/// line to standard output with one `write(2)` (so a pipe's reader gets it at once). This thread
/// waits in `poll(2)` on a ``SignalPipe`` (SIGINT, SIGTERM, SIGHUP, SIGPIPE) and on standard
/// output's errors, so that a reader that goes away ends the command even while nothing changes;
/// all of these end it with status 0. A write that fails otherwise (a full disk) ends it with 74.
enum WatchCommand {
  /// The byte the watch's thread posts to the signal pipe after a failed write (no signal is 0).
  static let writeFailed: UInt8 = 0

  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let arguments = try context.arguments()
    // From the compiled form when the cache can answer: the sections read on demand are decoded
    // only when a change names one of their keys. An items file's items are all decoded (each is
    // watched by key).
    let loaded = try context.openScreenDocument(keepingCompiledForm: true)
    let document: SettingsDocument
    do {
      document = try loaded.documentWithAllItems()
    } catch {
      throw CommandError(error)
    }
    let settings = Settings(
      document: document, store: try context.userStore(for: document, forWriting: true))
    let keys = try arguments.isEmpty ? nil : fullKeys(arguments, in: settings)
    // Out of reach at the start: 69, as ui and serve (CommandContext.requireReachableStore).
    try context.requireReachableStore(settings)
    let secureKeys = document.secureKeys
    let format = WatchFormat(
      json: context.wantsJSON, arrow: WatchFormat.arrow(environment: context.environment), keys: keys,
      secureKeys: secureKeys, etcd: settings.store is EtcdStore)
    let signals: SignalPipe
    do {
      signals = try SignalPipe(signals: [
        SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangUp, SignalNumber.brokenPipe,
      ])
    } catch {
      throw CommandError(messages: ["cannot wait for signals: \(error.reason)"], status: .ioError)
    }
    defer { signals.restore() }
    let failure = Atomic<Int32>(0)
    // The document's file too, unless it came from standard input: a new version reloads, and
    // the values whose defaults it changed are reported.
    let documentPath = context.documentPath == "-" ? nil : context.documentFile
    // A new version of the document is opened as this one was (through the cache unless it is off).
    let options = WatchOptions(
      documentPath: documentPath, document: context.documentOptions(keepsDocument: true))
    let watch = settings.monitor(options) { update in
      // etcd back: the revision the watch reads from now.
      let revision =
        update.events.contains(.storeRecovered) && format.etcd ? (try? settings.store.read())?.revision : nil
      let (output, error) = format.text(
        for: update, nanoseconds: systemRealtimeNanoseconds(), recoveredAt: revision)
      if !error.isEmpty { try? FileDescriptor.standardError.writeAll(Array(error.utf8)) }
      guard !output.isEmpty, failure.load(ordering: .relaxed) == 0 else { return }
      do throws(Errno) {
        try FileDescriptor.standardOutput.writeAll(Array(output.utf8))
      } catch {
        failure.store(error.rawValue, ordering: .relaxed)
        signals.post(writeFailed)
      }
    }
    defer { watch.stop() }
    try wait(for: signals, failure: failure)
    return ""
  }

  /// The full keys of the items named on the command line.
  ///
  /// - Throws: exit 1 for a key the document does not have, or an item without a value.
  static func fullKeys(_ names: [String], in settings: Settings) throws(CommandError) -> Set<String> {
    let defaults = SettingsSnapshot(document: settings.document)
    var keys: Set<String> = []
    for name in names {
      do throws(SettingsError) {
        let item = try settings.item(name)
        let key = item.key ?? name
        guard defaults.defaultValue(forKey: key) != nil else {
          throw SettingsError.noValue(key: name, type: item.type)
        }
        keys.insert(key)
      } catch {
        throw CommandError(error)
      }
    }
    return keys
  }

  /// Returns when a signal arrives or standard output is closed; throws when a write failed for
  /// another reason than a closed reader.
  static func wait(for signals: SignalPipe, failure: borrowing Atomic<Int32>) throws(CommandError) {
    while true {
      let events: [PollEvents]
      do {
        events = try systemPoll(
          [(signals.readEnd.rawValue, .readable), (FileDescriptor.standardOutput.rawValue, [])],
          timeoutMilliseconds: -1)
      } catch {
        throw CommandError(messages: ["cannot wait for changes: \(error.reason)"], status: .ioError)
      }
      // The reader of standard output went away (POLLERR on a pipe, POLLHUP on a socket).
      if events[1].isFailure { return }
      guard events[0].contains(.readable) || events[0].isFailure else { continue }
      let bytes = signals.take()
      let code = failure.load(ordering: .relaxed)
      if code != 0 && code != Errno.brokenPipe.rawValue {
        throw CommandError(
          messages: ["cannot write standard output: \(Errno(rawValue: code).reason)"], status: .ioError)
      }
      if bytes.contains(where: { $0 != writeFailed }) || code != 0 { return }
    }
  }
}
