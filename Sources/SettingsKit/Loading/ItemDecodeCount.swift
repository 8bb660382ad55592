import Synchronization

/// How many items opening documents compiled, how many `SettingItem`s the compiler built while it
/// read them, and how many it decoded into `SettingItem`s that a document holds: what tests read to
/// show that an open decodes only the rows asked for. Give it
/// to ``DocumentOptions`` (``DocumentOptions/itemCount``); every document opened with those
/// options, and every row that one of them decodes later, adds to it.
package final class ItemDecodeCount: Sendable, Equatable {
  private let counts = Mutex<(compiled: Int, compilerBuilt: Int, decoded: Int, checked: Int, readBack: Int)>(
    (0, 0, 0, 0, 0))

  /// A count of nothing yet.
  package init() {}

  /// The items (on every page) that the compiler read from the bytes and checked, each once per
  /// compilation; none of them is kept.
  package var compiled: Int { counts.withLock { $0.compiled } }

  /// The `SettingItem`s the compiler built while it read the bytes
  /// (``DocumentCompilation/scan(_:skeleton:itemsFiles:locales:)``): none, for it keeps what it
  /// needs of each item from the decoder's parts, and reads the items that conditions name the same
  /// way. The read-back check that follows a compilation decodes its sample of rows on purpose, to
  /// compare them; it is counted by ``checked``.
  package var compilerBuilt: Int { counts.withLock { $0.compilerBuilt } }

  /// The top-level items (with their pages) that the read-back check after a compilation decoded
  /// from the document, to compare them with the same rows read back from the compiled form: a
  /// sample whose size does not grow with the document's (the first, last and evenly spread rows,
  /// and every row of the sections decoded with the document).
  package var checked: Int { counts.withLock { $0.checked } }

  /// The partial documents the read-back check after a compilation read from the compiled form:
  /// one for each top-level item of its sample, however many keys its pages hold.
  package var readBack: Int { counts.withLock { $0.readBack } }

  /// The items (on every page) decoded into a document: a section's rows when first read, the
  /// items a partial document holds, or every item of a document decoded whole.
  package var decoded: Int { counts.withLock { $0.decoded } }

  /// Adds `compiled`, `compilerBuilt`, `decoded` and `checked` items, and `readBack` documents.
  func add(compiled: Int = 0, compilerBuilt: Int = 0, decoded: Int = 0, checked: Int = 0, readBack: Int = 0) {
    counts.withLock {
      $0.compiled += compiled
      $0.compilerBuilt += compilerBuilt
      $0.decoded += decoded
      $0.checked += checked
      $0.readBack += readBack
    }
  }

  /// Adds every item of `document` (top-page rows still in the compiled form are not decoded, and
  /// not counted) to ``decoded``.
  func addDecoded(_ document: SettingsDocument) {
    var count = 0
    document.forEachDecodedItem { _, _ in
      count += 1
    } undecoded: { _, _ in
    }
    add(decoded: count)
  }

  /// Adds `items` and their pages' items to ``decoded``.
  func addDecoded(_ items: [SettingItem]) {
    addDecoded(SettingsDocument(id: "", title: "", sections: [SettingSection(items: items)]))
  }

  /// The same count (the same object).
  package static func == (lhs: ItemDecodeCount, rhs: ItemDecodeCount) -> Bool { lhs === rhs }
}
