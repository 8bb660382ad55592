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
    /// The BCP 47 tag of the text's locale, for `<html lang>`.
    package var language: String
    /// The document's file, watched for changes; nil for the embedded or standard input document.
    package var documentPath: SystemPath?
    /// The directory items files are opened from.
    package var itemsDirectory: SystemPath
    /// The locales the document is loaded in.
    package var locales: [String]

    /// Creates a configuration with fresh tokens.
    package init(
      port: UInt16, assets: [WebAsset], language: String, documentPath: SystemPath?,
      itemsDirectory: SystemPath,
      locales: [String], token: String = WebSecurity.newToken(), csrfToken: String = WebSecurity.newToken()
    ) {
      self.port = port
      self.token = token
      self.csrfToken = csrfToken
      self.assets = assets
      self.language = language
      self.documentPath = documentPath
      self.itemsDirectory = itemsDirectory
      self.locales = locales
    }

    /// `ltr`, or `rtl` for Arabic, Hebrew, Persian, Urdu and other right-to-left languages.
    package var direction: String {
      let base = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
      return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ckb", "dv", "ug"].contains(base)
        ? "rtl" : "ltr"
    }
  }

  struct State {
    var settings: Settings
    var itemsFiles: [Int: ItemsFile]
    /// The last snapshot that could be read, for a store that stopped parsing.
    var lastSnapshot: SettingsSnapshot
    var storeError: String?
    var documentError: String?
    /// For each key, the keys of the items whose conditions name it.
    var dependents: [String: [String]]
  }

  /// What the app was started with.
  package let configuration: Configuration
  /// The events of this run.
  package let log = WebEventLog()
  let state: Mutex<State>
  let watch = Mutex<ObserverWatch?>(nil)

  /// An app over `settings` (its document with every items file decoded) and the items files
  /// of its top page's sections, opened for paging.
  package init(settings: Settings, itemsFiles: [Int: ItemsFile], configuration: Configuration) {
    self.configuration = configuration
    let snapshot = (try? settings.snapshot()) ?? SettingsSnapshot(document: settings.document)
    state = Mutex(
      State(
        settings: settings, itemsFiles: itemsFiles, lastSnapshot: snapshot,
        dependents: Self.dependents(in: settings.document)))
  }

  /// Starts following changes made elsewhere (other processes, hand edits, the document's file):
  /// each becomes an event.
  package func startWatching() {
    let settings = state.withLock { $0.settings }
    let options = WatchOptions(documentPath: configuration.documentPath, locales: configuration.locales)
    let started = settings.monitor(options) { [self] event in take(event) }
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

  /// The current snapshot, or the last one read when the store cannot be read now.
  func snapshot() -> SettingsSnapshot {
    let settings = self.settings
    if let snapshot = try? settings.snapshot() {
      state.withLock { $0.lastSnapshot = snapshot }
      return snapshot
    }
    return state.withLock { $0.lastSnapshot }
  }

  /// One event of the change stream, as an event of the log.
  func take(_ event: SettingsEvent) {
    switch event {
    case .changed(let change):
      log.append("change", changeData(change.key, origin: "elsewhere", snapshot: snapshot()))
    case .storeFailed(let error):
      state.withLock { $0.storeError = error.message }
      log.append("store-error", .object([("error", .string(error.message))]))
    case .storeRecovered:
      state.withLock { $0.storeError = nil }
      log.append("store-recovered", .object([]))
    case .documentReloaded(let document, _):
      let files = try? DocumentLoader.itemsFiles(
        of: document.sections, directory: configuration.itemsDirectory, locales: configuration.locales)
      state.withLock { state in
        state.settings = Settings(document: document, layers: state.settings.layers)
        state.itemsFiles = files ?? [:]
        state.documentError = nil
        state.dependents = Self.dependents(in: document)
      }
      _ = snapshot()
      log.append("reload", .object([]))
    case .documentFailed(let error):
      state.withLock { $0.documentError = error.message }
      log.append("document-error", .object([("error", .string(error.message))]))
    }
  }

  /// The `data:` of a `change` event: the key, its row now, who changed it, and the keys whose
  /// conditions name it.
  func changeData(_ key: String, origin: String, snapshot: SettingsSnapshot) -> JSONValue {
    let (settings, dependents) = state.withLock { ($0.settings, $0.dependents[key] ?? []) }
    var pairs: [(String, JSONValue)] = [("key", .string(key))]
    if let item = try? settings.item(key) { pairs.append(("row", WebRow.json(item, in: snapshot))) }
    pairs.append(("origin", .string(origin)))
    pairs.append(("dependents", .array(dependents.map(JSONValue.string))))
    return .object(pairs)
  }

  /// For each key that a condition names, the keys of the items with that condition.
  static func dependents(in document: SettingsDocument) -> [String: [String]] {
    var result: [String: [String]] = [:]
    document.forEachItem { item, _ in
      guard let key = item.key else { return }
      let named = Set((item.enabledWhen ?? [:]).keys).union((item.visibleWhen ?? [:]).keys)
      for controller in named.sorted() { result[controller, default: []].append(key) }
    }
    return result
  }

  /// `{"rows": {key: row, …}}` for every item with a value.
  package func snapshotEvent() -> (name: String, data: JSONValue) {
    let snapshot = self.snapshot()
    var rows: [(String, JSONValue)] = []
    settings.document.forEachItem { item, _ in
      guard let key = item.key, snapshot.defaults[key] != nil else { return }
      rows.append((key, WebRow.json(item, in: snapshot)))
    }
    return ("snapshot", .object([("rows", .object(rows))]))
  }
}
