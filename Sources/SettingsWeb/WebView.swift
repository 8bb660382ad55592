import SettingsKit
import SettingsPOSIX
import Synchronization

/// The document as one request sees it: loaded in the request's locale (`--locale`, else the
/// browser's `Accept-Language`), with its items files and the store's values. Values and writes
/// are the same for every locale; only the text differs.
package final class WebView: Sendable {
  /// The settings over the document in this locale (the same store and layers as the app's).
  package let settings: Settings
  /// The top page's items files, opened for paging: ``settings``' document does not have their
  /// items (a document from standard input has them all), which are decoded a page at a time, as
  /// `settings ui` reads them, and looked up by key where a request names one
  /// (``settings(knowing:)``).
  package let itemsFiles: [Int: ItemsFile]
  /// The whole document in this view's locale, every items file's items decoded, for what needs
  /// every item at once (a search without the compiled form's index); nil when there is none
  /// apart from ``settings``' document. It throws what reading the document whole throws (a bad
  /// line of an items file).
  let allItems: (@Sendable () throws(DocumentError) -> SettingsDocument)?
  /// The BCP 47 tag of the locale, for `<html lang>`.
  package let language: String
  /// The document reduced to what a search of a text can match, from the compiled form (see
  /// ``WebApp/Configuration/searchDocument``); nil to search the whole document.
  package let searchDocument: (@Sendable (String) -> SettingsDocument?)?
  /// What the views of one ``Settings`` share, whatever their language: the values and the
  /// search index do not depend on it.
  final class Caches: Sendable {
    /// The last snapshot made, with the store's contents and the system layers it was made from.
    let lastSnapshot: Mutex<(snapshot: SettingsSnapshot, contents: StoreContents?, system: [SystemLayer])>
    /// The snapshot read for the event streams and the number of the last event it reflects.
    let streamSnapshot = Mutex<(eventID: Int, snapshot: SettingsSnapshot)?>(nil)
    /// The searched texts of the document, lowercased by the first search.
    let searchIndex = Mutex<SettingsSearchIndex?>(nil)
    /// The settings over the whole document (``allItemsSettings()``), made when first needed.
    let complete = Mutex<Settings?>(nil)

    init(document: SettingsDocument) {
      lastSnapshot = Mutex((SettingsSnapshot(document: document), nil, []))
    }
  }

  let caches: Caches

  /// A view of `settings`; one made with the same `settings` as `other` shares its snapshots and
  /// search index (a document without translations serves every language from one copy).
  package init(
    settings: Settings, itemsFiles: [Int: ItemsFile], language: String, sharingWith other: WebView? = nil,
    searchDocument: (@Sendable (String) -> SettingsDocument?)? = nil,
    allItems: (@Sendable () throws(DocumentError) -> SettingsDocument)? = nil
  ) {
    self.settings = settings
    self.itemsFiles = itemsFiles
    self.allItems = allItems
    self.language = language
    self.searchDocument = searchDocument
    if let other, other.settings === settings {
      caches = other.caches
    } else {
      caches = Caches(document: settings.document)
      _ = snapshot()
    }
  }

  /// The settings whose document has the items of `keys` (full keys): ``settings`` when its
  /// document has them, else settings over its document with the items of the items files that
  /// hold them put in (``SettingsDocument/including(_:from:)``: the lines that can hold them are
  /// decoded, not the files), writing as ``settings`` does. A key that no item has gives
  /// ``settings``, which refuses it as unknown.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` when a line that can hold one of `keys` is
  ///   not a valid item (a request that names its key answers 500 with the line's error, as a page
  ///   of that line does).
  package func settings(knowing keys: some Collection<String>) throws(DocumentError) -> Settings {
    try Self.settings(settings, itemsFiles: itemsFiles, knowing: keys)
  }

  /// ``settings(knowing:)`` for `settings` and its document's `itemsFiles`.
  package static func settings(
    _ settings: Settings, itemsFiles: [Int: ItemsFile], knowing keys: some Collection<String>
  ) throws(DocumentError) -> Settings {
    guard !itemsFiles.isEmpty else { return settings }
    let unknown = keys.filter { settings.item(forFullKey: $0) == nil }
    guard !unknown.isEmpty, let document = try settings.document.including(unknown, from: itemsFiles)
    else { return settings }
    return Settings(document: document, writingAs: settings)
  }

  /// The settings over the whole document, every items file's items decoded (made once, when
  /// first asked for), writing as ``settings`` does; ``settings`` when there are no items files.
  ///
  /// - Throws: what reading the document whole throws: ``DocumentError/invalid(file:issues:)``
  ///   with every bad line of its items files (nothing is kept, so that a fixed file is read again).
  package func allItemsSettings() throws(DocumentError) -> Settings {
    guard !itemsFiles.isEmpty, let allItems else { return settings }
    let settings = self.settings
    return try caches.complete.withLock { complete throws(DocumentError) -> Settings in
      if let complete { return complete }
      let made = Settings(document: try allItems(), writingAs: settings)
      complete = made
      return made
    }
  }

  /// The values now, or the last ones read when the store cannot be read now.
  ///
  /// A store and system files that read as they did for the last snapshot give that snapshot
  /// again: making one walks every item of the document (on 100 000 items, most of a search's
  /// time), and reading the store costs a small file's read.
  package func snapshot() -> SettingsSnapshot {
    let system = settings.layers.system
    guard let contents = try? settings.store.read() else {
      return caches.lastSnapshot.withLock { $0.snapshot }
    }
    if let cached = caches.lastSnapshot.withLock({
      $0.contents == contents && $0.system == system ? $0.snapshot : nil
    }) {
      return cached
    }
    let snapshot = SettingsSnapshot(
      document: settings.document, contents: contents, storeName: settings.store.name, system: system)
    caches.lastSnapshot.withLock { $0 = (snapshot, contents, system) }
    return snapshot
  }

  /// A snapshot that reflects at least event `eventID` of `log`: one read of the store serves every
  /// stream that sends the same events (64 tabs and 1 000 changes are not 64 000 reads).
  package func snapshot(reflecting eventID: Int, of log: WebEventLog) -> SettingsSnapshot {
    if let cached = caches.streamSnapshot.withLock({ $0 }), cached.eventID >= eventID {
      return cached.snapshot
    }
    let lastID = log.lastID
    let snapshot = self.snapshot()
    caches.streamSnapshot.withLock { cached in
      if (cached?.eventID ?? -1) < lastID { cached = (lastID, snapshot) }
    }
    return snapshot
  }

  /// The first `limit` matches of `text` as `settings find` gives them, each with the key of the
  /// item whose page holds it, and how many there are in all.
  ///
  /// From the compiled form's search index when there is one: the items that can match are
  /// decoded and searched, as `settings find` does, and the rest of the document stays as it is.
  ///
  /// - Throws: what ``allItemsSettings()`` throws, without the compiled form's index.
  package func search(_ text: String, snapshot: SettingsSnapshot, limit: Int) throws(DocumentError) -> (
    matches: [(match: SettingsSearch.Match, page: String?)], total: Int
  ) {
    if let reduced = searchDocument?(text) {
      return SettingsSearchIndex(document: reduced).find(text, in: reduced, snapshot: snapshot, limit: limit)
    }
    return try indexed().find(text, in: allItemsSettings().document, snapshot: snapshot, limit: limit)
  }

  /// The search index of the whole document (``allItemsSettings()``), made now unless it is made
  /// already (a search made while another thread makes it waits for it).
  ///
  /// - Throws: what ``allItemsSettings()`` throws.
  func indexed() throws(DocumentError) -> SettingsSearchIndex {
    let document = try allItemsSettings().document
    return caches.searchIndex.withLock { index in
      if let index { return index }
      let made = SettingsSearchIndex(document: document)
      index = made
      return made
    }
  }

  /// Starts making the search index on a thread of its own, so that the first search does not
  /// wait for it (on 100 000 items it takes about as long as drawing the first screen); when no
  /// thread can be made, the first search makes it.
  package func prepareSearch() {
    _ = systemStartThread { [self] in _ = try? indexed() }
  }

  /// `ltr`, or `rtl` for Arabic, Hebrew, Persian, Urdu and other right-to-left languages.
  package var direction: String {
    let base = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
    return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ckb", "dv", "ug"].contains(base) ? "rtl" : "ltr"
  }

  /// The tags of an `Accept-Language` header, most preferred first (`q=0` and `*` left out, at
  /// most five, each well-formed).
  package static func acceptedLanguages(_ header: String?) -> [String] {
    guard let header else { return [] }
    var tags: [(tag: String, quality: Double, index: Int)] = []
    for (index, part) in header.split(separator: ",").enumerated() {
      let pieces = part.split(separator: ";").map { String($0).trimmingHTTPWhitespace() }
      guard let tag = pieces.first, tag != "*", LocalizedText.isWellFormedTag(tag) else { continue }
      var quality = 1.0
      for piece in pieces.dropFirst() where piece.hasPrefix("q=") {
        quality = Double(piece.dropFirst(2)) ?? 0
      }
      if quality > 0 { tags.append((tag, quality, index)) }
    }
    let sorted = tags.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.index < $1.index }
    return sorted.prefix(5).map(\.tag)
  }
}
