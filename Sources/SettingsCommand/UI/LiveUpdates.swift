import SettingsKit
import SettingsPOSIX
import Synchronization

/// Changes made elsewhere while `settings ui` runs: a watch of the screen's store (and of its
/// document's file) whose events wait here until the screen's loop takes them.
///
/// The watch's thread queues each event and wakes the loop through `wake` (once per batch); the
/// loop calls ``apply(to:)``, which hands the events to the screen and, for a document changed on
/// disk, opens the new version with its items files and puts a new screen in place.
final class LiveUpdates: Sendable {
  /// The document's file, watched and reopened when it changes; nil for the embedded document.
  let documentPath: SystemPath?
  /// The locales the document is opened in.
  let locales: [String]
  /// How the document is opened again: as the screen opened it (``CommandContext/documentOpener``).
  let open: @Sendable (SystemPath) throws(DocumentError) -> LoadedDocument
  /// The options `open` opens the document with, which the watch reloads it with too (through the
  /// cache unless it is off).
  let documentOptions: DocumentOptions
  private let pending = Mutex<[SettingsEvent]>([])

  init(
    documentPath: SystemPath?, locales: [String],
    open: @escaping @Sendable (SystemPath) throws(DocumentError) -> LoadedDocument,
    documentOptions: DocumentOptions
  ) {
    self.documentPath = documentPath
    self.locales = locales
    self.open = open
    self.documentOptions = documentOptions
  }

  /// Starts watching `settings` (changes made through it are not reported: the screen made them)
  /// from `values`, those the screen shows (it read them from the store); `wake` is called on the
  /// watch's thread when events wait where there were none.
  func start(
    _ settings: Settings, from snapshot: SettingsSnapshot, wake: @escaping @Sendable () -> Void
  ) -> ObserverWatch {
    // The screen's document is opened without its items files' items (it reads them a page at a
    // time): the watch reloads it so, and reports their keys apart.
    var document = documentOptions
    document.locales = locales
    var options = WatchOptions(documentPath: documentPath, document: document)
    options.loadingItemsFiles = false
    return settings.monitor(options, startingFrom: snapshot) { [self] update in
      // A whole update goes in at once: the loop that wakes takes every event of it or none.
      let wasEmpty = pending.withLock { queue in
        let wasEmpty = queue.isEmpty
        queue += update.events
        return wasEmpty
      }
      if wasEmpty { wake() }
    }
  }

  /// Hands the waiting events to `screen`, in order; a document reloaded on disk replaces the screen
  /// with one for the new version (or, when it cannot be opened, says why on the status line).
  func apply(to screen: inout SettingsScreen) {
    var events = pending.withLock { queue in
      defer { queue = [] }
      return queue
    }
    while !events.isEmpty {
      guard let reload = events.firstIndex(where: { if case .documentReloaded = $0 { true } else { false } })
      else {
        screen.takeOutsideEvents(events)
        return
      }
      screen.takeOutsideEvents(Array(events[..<reload]))
      if case .documentReloaded(_, let changedDefaults) = events[reload], let documentPath {
        // What the reload says is news of its own, as a store's or a system file's message is:
        // the events after it (the values its defaults changed, stored values it rejects) leave
        // their own status, and the line mode says every message.
        let outside = screen.outside
        do {
          // A document changed and changed back before the watch read it comes back the same:
          // nothing to reload then.
          let document = try open(documentPath)
          if !document.reads(as: screen.loaded) {
            screen = try screen.reloaded(with: document, changedDefaults: changedDefaults)
            screen.outside = outside
            if let status = screen.status { screen.outside.messages.append(status) }
          }
        } catch {
          let message = "The document changed on disk but does not open: " + error.message
          screen.status = message
          screen.outside.messages.append(message)
        }
      }
      events.removeFirst(reload + 1)
    }
  }
}
