import SettingsHTTP
import SettingsKit
import SettingsPOSIX
import Synchronization

/// The application behind `settings serve`: the document in effect with its store and layers,
/// the page's files, the security rules, the API of docs/WEB-API.md and the event log fed by the
/// change stream (``Settings/monitor(_:handler:)``).
///
/// Values, checks and messages come from the engine (``Settings``, ``SettingsTable``,
/// ``SettingsSearch``, the dump of `StoreTransfer`), as the command line's subcommands get them.
package final class WebApp: WebHandler {
  /// What the app serves and how it checks requests.
  package struct Configuration: Sendable {
    /// The port the server listens on, for the `Host` and `Origin` checks.
    package var port: UInt16
    /// The token in the printed address and the cookie.
    package var token: String
    /// The token the page sends in ``WebSecurity/csrfHeader`` on every `POST`.
    package var csrfToken: String
    /// The page's files.
    package var assets: [WebAsset]
    /// The document's file, watched for changes; nil for the embedded or standard input document.
    package var documentPath: SystemPath?
    /// The directory items files are opened from.
    package var itemsDirectory: SystemPath
    /// The locales the document is loaded in when the browser names none (from the environment).
    package var locales: [String]
    /// `--locale`: when given, every request sees this locale, whatever the browser asks for.
    package var explicitLocale: String?
    /// How the document's file is opened in other locales: from the compiled form, whose rows are
    /// decoded as pages show them (`DocumentLoader.open(_:options:)`); nil to load it whole.
    package var open: (@Sendable (SystemPath, [String]) throws(DocumentError) -> LoadedDocument)?
    /// The document reduced to the items a search of a text can match, in some locales, from the
    /// compiled form's search index (what `settings find` searches); nil from it when it cannot
    /// answer, and nil to search the whole document.
    package var searchDocument: (@Sendable (String, [String]) -> SettingsDocument?)?
    /// The options `open` opens the document with, which the watch reloads it with too
    /// (``WatchOptions/document``); nil to reload it whole, without a cache.
    package var documentOptions: DocumentOptions?

    /// Creates a configuration with fresh tokens.
    package init(
      port: UInt16, assets: [WebAsset], documentPath: SystemPath?,
      itemsDirectory: SystemPath,
      locales: [String], explicitLocale: String? = nil, token: String = WebSecurity.newToken(),
      csrfToken: String = WebSecurity.newToken()
    ) {
      self.explicitLocale = explicitLocale
      self.port = port
      self.token = token
      self.csrfToken = csrfToken
      self.assets = assets
      self.documentPath = documentPath
      self.itemsDirectory = itemsDirectory
      self.locales = locales
    }
  }

  struct State {
    var settings: Settings
    /// The top page's items files, opened for paging; ``settings``' document does not have their
    /// items (see ``WebView/itemsFiles``).
    var itemsFiles: [Int: ItemsFile]
    /// The document in other locales, by their tags joined with commas (at most eight).
    var views: [String: WebView] = [:]
    var storeError: String?
    var documentError: String?
    /// For each key, the keys of the items whose conditions name it, items files' included;
    /// worked out when first needed.
    var dependents: [String: [String]]?
    /// The values as the events last sent them (or the page's writes left them), to tell which
    /// items files' keys changed (``SettingsEvent/otherKeyChanged(key:)``); nil without items files.
    var seen: SettingsSnapshot?
  }

  /// What the app was started with.
  package let configuration: Configuration
  /// The events of this run.
  package let log = WebEventLog()
  let state: Mutex<State>
  let watch = Mutex<ObserverWatch?>(nil)
  /// Held for the time of one write from the page (``write(how:message:_:)``), which sets the
  /// settings' ``Settings/writeContext`` for it.
  let writing = Mutex<Void>(())

  /// An app over `settings` and the items files of its top page's sections, opened for paging
  /// (``LoadedDocument/itemsFiles``): their items are decoded a page at a time, and by key where a
  /// request names one, so `settings`' document need not have them.
  package init(settings: Settings, itemsFiles: [Int: ItemsFile], configuration: Configuration) {
    self.configuration = configuration
    state = Mutex(State(settings: settings, itemsFiles: itemsFiles))
  }

  /// Starts following changes made elsewhere (other processes, hand edits, the document's file):
  /// each becomes an event.
  package func startWatching() {
    let settings = state.withLock { $0.settings }
    var document = configuration.documentOptions ?? DocumentOptions(cache: .none)
    document.locales = configuration.locales
    var options = WatchOptions(documentPath: configuration.documentPath, document: document)
    // A new version's items files are opened for paging again, not decoded (``take(_:)``).
    options.loadingItemsFiles = false
    rememberValues()
    let started = settings.monitor(options) { [self] update in take(update) }
    watch.withLock { $0 = started }
  }

  /// Stops following changes.
  package func stopWatching() {
    watch.withLock { $0?.stop() }
  }

  /// The address printed for the user: `http://127.0.0.1:PORT/?token=…`.
  package var address: String { "http://127.0.0.1:\(configuration.port)/?token=\(configuration.token)" }

  /// The settings in use now (a new document on disk replaces them).
  package var settings: Settings { state.withLock { $0.settings } }

  /// The settings in use now, knowing the items of `keys` (``WebView/settings(knowing:)``).
  ///
  /// - Throws: what ``WebView/settings(knowing:)`` throws.
  func settings(knowing keys: some Collection<String>) throws(DocumentError) -> Settings {
    let (settings, itemsFiles) = state.withLock { ($0.settings, $0.itemsFiles) }
    return try WebView.settings(settings, itemsFiles: itemsFiles, knowing: keys)
  }

  /// Takes the values now as those the events have sent, so that a change of an items file's key
  /// is told from one this app made; nothing without items files.
  func rememberValues() {
    let (settings, hasFiles) = state.withLock { ($0.settings, !$0.itemsFiles.isEmpty) }
    guard hasFiles else { return }
    let snapshot = try? settings.snapshot()
    state.withLock { $0.seen = snapshot }
  }

  /// The locales a request asks for: `--locale`, else its `Accept-Language`, else the server's.
  func locales(for request: WebRequest) -> [String] {
    if let explicit = configuration.explicitLocale { return [explicit] }
    let accepted = WebView.acceptedLanguages(request.head.headers["Accept-Language"])
    return accepted.isEmpty ? configuration.locales : accepted
  }

  /// The document in the request's locale, loaded once per set of locales (a document from a file
  /// only; the embedded one and standard input's are as loaded).
  func view(for request: WebRequest) -> WebView {
    let locales = locales(for: request)
    let language = locales.first ?? "en"
    let name = locales.joined(separator: ",")
    let (settings, itemsFiles, cached) = state.withLock { ($0.settings, $0.itemsFiles, $0.views[name]) }
    if let cached { return cached }
    var translated: WebView?
    let search = configuration.searchDocument.map { search in { @Sendable text in search(text, locales) } }
    if let path = configuration.documentPath, locales != configuration.locales, let open = configuration.open
    {
      // From the compiled form in these locales: the rows are decoded as pages show them, so a
      // second copy costs what the browser reads of it.
      if let opened = try? open(path, locales) {
        translated = WebView(
          settings: Settings(document: opened.document, layers: settings.layers),
          itemsFiles: opened.itemsFiles,
          language: language, searchDocument: search, allItems: allItems(path, locales))
      }
    } else if let path = configuration.documentPath, locales != configuration.locales,
      // A document without translations for these locales is the same: keep one copy in memory.
      let opened = try? DocumentLoader.open(path, options: DocumentOptions(locales: locales, cache: .none)),
      !Self.reads(settings.document, itemsFiles: itemsFiles, as: opened)
    {
      translated = WebView(
        settings: Settings(document: opened.document, layers: settings.layers), itemsFiles: opened.itemsFiles,
        language: language, allItems: allItems(path, locales))
    }
    let view =
      translated
      ?? WebView(
        settings: settings, itemsFiles: itemsFiles, language: language,
        sharingWith: state.withLock { $0.views.values.first { $0.settings === settings } },
        searchDocument: locales == configuration.locales ? search : nil,
        allItems: configuration.documentPath.map { allItems($0, configuration.locales) })
    let kept = state.withLock { state in
      // Another request for these locales may have made the view first: keep one.
      if let made = state.views[name] { return made }
      if state.views.count >= 8 { state.views = [:] }
      state.views[name] = view
      return view
    }
    // Without the compiled form's search index, the first search would wait for the index of the
    // whole document: it is made meanwhile.
    if kept === view, view.searchDocument == nil { view.prepareSearch() }
    return kept
  }

  /// How a document is read whole in `locales`, its items files' items decoded, without a cache.
  static func wholeDocument(in locales: [String]) -> DocumentOptions {
    var options = DocumentOptions(locales: locales, cache: .none)
    options.reading = .whole
    return options
  }

  /// The whole document at `path` in `locales`, read when called (``WebView/allItems``).
  func allItems(_ path: SystemPath, _ locales: [String])
    -> @Sendable () throws(DocumentError) -> SettingsDocument
  {
    { () throws(DocumentError) in
      try DocumentLoader.open(path, options: Self.wholeDocument(in: locales)).document
    }
  }

  /// Whether `opened` (the document in other locales, its items files opened) reads as `document`
  /// with `itemsFiles`: its own sections are compared first, then each items file a thousand items
  /// at a time, so that finding out never holds a second copy of a large document. False when
  /// anything differs or cannot be read.
  static func reads(
    _ document: SettingsDocument, itemsFiles: [Int: ItemsFile], as opened: LoadedDocument
  ) -> Bool {
    var own = document
    for index in opened.itemsFiles.keys where own.sections.indices.contains(index) {
      own.sections[index].items = []
    }
    guard own == opened.document, Set(itemsFiles.keys) == Set(opened.itemsFiles.keys) else { return false }
    for (index, file) in opened.itemsFiles {
      guard let ours = itemsFiles[index], ours.itemCount == file.itemCount else { return false }
      var start = 0
      while start < file.itemCount {
        let end = Swift.min(start + 1000, file.itemCount)
        guard let decoded = try? file.decodedItems(in: start..<end),
          let kept = try? ours.decodedItems(in: start..<end), decoded == kept
        else { return false }
        start = end
      }
    }
    return true
  }

  /// The values now through the app's own settings (a write's check reads the same store).
  func snapshot() -> SettingsSnapshot {
    (try? settings.snapshot()) ?? SettingsSnapshot(document: settings.document)
  }

  /// One update of the change stream, as events of the log appended together (one unit: a
  /// stream sends all of them or none yet).
  func take(_ update: SettingsUpdate) {
    var events: [WebEventLog.Event] = []
    // A key whose value changed is sent once: its row already shows a rejected value or a lock.
    let changed = Set(update.changes.map(\.key))
    var otherKeys: [String] = []
    for event in update.events {
      switch event {
      case .changed(let change):
        events.append(
          WebEventLog.change(
            change.key, origin: "elsewhere", previous: change.oldValue, value: change.newValue))
      case .storeFailed(let error):
        state.withLock { $0.storeError = error.message }
        events.append(WebEventLog.event("store-error", .object([("error", .string(error.message))])))
      case .storeRecovered:
        state.withLock { $0.storeError = nil }
        events.append(WebEventLog.event("store-recovered", .object([])))
      case .documentReloaded(let document, _):
        let files = try? DocumentLoader.itemsFiles(
          of: document.sections, directory: configuration.itemsDirectory, locales: configuration.locales)
        state.withLock { state in
          state.settings = Settings(document: document, layers: state.settings.layers)
          state.itemsFiles = files ?? [:]
          state.views = [:]
          state.documentError = nil
          state.dependents = nil
          state.seen = nil
        }
        rememberValues()
        events.append(WebEventLog.event("reload", .object([])))
      case .documentFailed(let error):
        state.withLock { $0.documentError = error.message }
        events.append(WebEventLog.event("document-error", .object([("error", .string(error.message))])))
      case .storedValueRejected(let problem):
        // The row is sent again: it shows the rejected value's warning and the value in effect.
        if !changed.contains(problem.key) {
          events.append(WebEventLog.change(problem.key, origin: "elsewhere", previous: nil))
        }
      case .storedValueAccepted(let key), .lockChanged(let key, _):
        // The row is sent again: without the rejected value's warning, or with its lock (or
        // without one).
        if !changed.contains(key) {
          events.append(WebEventLog.change(key, origin: "elsewhere", previous: nil))
        }
      case .otherKeyChanged(let key):
        otherKeys.append(key)
      case .systemFileIgnored:
        // Its values and locks that went are sent as changes.
        break
      }
    }
    events += otherKeyEvents(otherKeys)
    log.append(events)
  }

  /// The events of the keys the document's own items do not have whose stored or system values or
  /// locks changed (``SettingsEvent/otherKeyChanged(key:)``): for an items file's item, a change of
  /// value as for any other key, or its row again for a rejected value or a lock that changed; a
  /// key no item has (from an older document), none. Compared with the values last sent, so that
  /// a change this app made is not sent again as made elsewhere.
  func otherKeyEvents(_ keys: [String]) -> [WebEventLog.Event] {
    guard !keys.isEmpty else { return [] }
    let (settings, seen) = state.withLock { ($0.settings, $0.seen) }
    guard let seen, let now = try? settings.snapshot() else { return [] }
    state.withLock { $0.seen = now }
    // A key whose line went bad is left out: its page answers with the line's error.
    let known = (try? self.settings(knowing: keys)) ?? settings
    var events: [WebEventLog.Event] = []
    for key in keys {
      guard let item = known.item(forFullKey: key) else { continue }
      let (old, new) = (seen.value(of: item).value, now.value(of: item).value)
      if let old, let new, old != new {
        events.append(WebEventLog.change(key, origin: "elsewhere", previous: old, value: new))
      } else if seen.problem(of: item) != now.problem(of: item) || seen.lock(of: item) != now.lock(of: item) {
        events.append(WebEventLog.change(key, origin: "elsewhere", previous: nil))
      }
    }
    return events
  }

  /// The `data:` of a `change` event: the key, its row now (with `value`, the value the change
  /// made, when given), the value before, who changed it, and the keys whose conditions name it.
  func changeData(
    _ key: String, origin: String, previous: SettingValue?, value: SettingValue? = nil, view: WebView,
    snapshot: SettingsSnapshot
  )
    -> JSONValue
  {
    let dependents = self.dependents()[key] ?? []
    var pairs: [(String, JSONValue)] = [("key", .string(key))]
    if let item = try? view.settings(knowing: [key]).item(key) {
      // Values read after a later change show that change, and a later change undone before the
      // watch read the store makes no event of its own: the row shows the value of this change,
      // so that a stream's last row of each key is the value in the store.
      var snapshot = snapshot
      let (shown, isModified) = snapshot.value(of: item)
      if let value, shown != value {
        snapshot.setValue(value, forKey: key)
        // An items file's stored value is not among the snapshot's own: it stays an override.
        if isModified { snapshot.modified.insert(key) }
      }
      pairs.append(("row", WebRow.json(item, in: snapshot)))
      if let previous {
        if !item.isSecure { pairs.append(("previous", previous.json)) }
        pairs.append(("previousShown", .string(WebRow.shown(previous, of: item))))
      }
    }
    pairs.append(("origin", .string(origin)))
    pairs.append(("dependents", .array(dependents.map(JSONValue.string))))
    return .object(pairs)
  }

  /// The text of `event` for the stream `request` opened: a `change` with its row in that
  /// stream's locale and the values now.
  package func text(of event: WebEventLog.Event, for request: WebRequest) -> String {
    guard let key = event.key else {
      return WebEventLog.Event.text(id: event.id, name: event.name, data: event.data)
    }
    let view = view(for: request)
    let data = changeData(
      key, origin: event.origin ?? "elsewhere", previous: event.previous, value: event.value, view: view,
      snapshot: view.snapshot(reflecting: event.id, of: log))
    var line = JSONWriter(sortsKeys: false).line(data)
    line.removeLast()
    return WebEventLog.Event.text(id: event.id, name: event.name, data: line)
  }

  /// For each key that a condition names, the keys of the items with that condition, worked out
  /// the first time it is asked for.
  func dependents() -> [String: [String]] {
    if let kept = state.withLock({ $0.dependents }) { return kept }
    let (settings, itemsFiles) = state.withLock { ($0.settings, $0.itemsFiles) }
    let made = Self.dependents(in: settings.document, itemsFiles: itemsFiles)
    state.withLock { state in
      if state.settings === settings { state.dependents = made }
    }
    return made
  }

  /// For each key that a condition names, the keys of the items with that condition, in the
  /// document's order, the items of `itemsFiles` (the sections' by index) in their sections' places.
  /// Rows still in the compiled form are not decoded: none of them has a condition or is named by
  /// one (``CompiledItems``); of an items file, only the lines that can hold a condition are.
  static func dependents(in document: SettingsDocument, itemsFiles: [Int: ItemsFile] = [:]) -> [String:
    [String]]
  {
    var result: [String: [String]] = [:]
    func add(_ item: SettingItem) {
      guard let key = item.key else { return }
      let named = Set((item.enabledWhen ?? [:]).keys).union((item.visibleWhen ?? [:]).keys)
      for controller in named.sorted() { result[controller, default: []].append(key) }
    }
    for (index, section) in document.sections.enumerated() {
      var section = section
      if let file = itemsFiles[index] {
        section = SettingSection(items: ((try? file.itemsWithConditions()) ?? []).map(\.item))
      }
      SettingsDocument(id: "", title: "", sections: [section]).forEachDecodedItem { item, _ in
        add(item)
      } undecoded: { _, _ in
      }
    }
    return result
  }

  /// The `snapshot` event: `{}`, numbered with the last event's id. It stands for events a stream
  /// missed: the page fetches again what it shows (sending every row would decode a large
  /// document whole for a page that shows a few of them).
  package func snapshotText(id: Int, for request: WebRequest) -> String {
    WebEventLog.Event.text(id: id, name: "snapshot", data: "{}")
  }
}
