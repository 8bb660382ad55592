extension SettingsDocument {
  /// The document with the items of `itemsFiles` that hold `keys` put into their sections (in the
  /// files' order), and the items their conditions name, as far as the files have them: what a
  /// lookup, a change or a row of those keys needs, without decoding the files whole (as
  /// ``DocumentOptions/Reading/keys(_:)`` reads a part of the compiled form). Keys the document
  /// already has, and keys no file has, add nothing; nil when nothing was added.
  ///
  /// - Parameters:
  ///   - keys: full keys (a key on an item's own page is found through its first component).
  ///   - itemsFiles: the opened items file of each top-page section (by index) that has one,
  ///     read from this document's sections (``LoadedDocument/itemsFiles``).
  /// - Throws: ``DocumentError/invalid(file:issues:)`` when a line that can hold a key is not a
  ///   valid item.
  package func including(_ keys: some Sequence<String>, from itemsFiles: [Int: ItemsFile])
    throws(DocumentError) -> SettingsDocument?
  {
    guard !itemsFiles.isEmpty else { return nil }
    var document = self
    // The rows found in each section, with their places in its file.
    var rows: [Int: [(index: Int, item: SettingItem)]] = [:]
    var wanted = Set(keys)
    var looked: Set<String> = []
    // A few rounds: the items a found item's conditions name can be in a file too.
    for _ in 0..<4 {
      let topLevel = Set(wanted.map { String($0.split(separator: ".", maxSplits: 1).first ?? "") })
        .subtracting(looked).filter { !$0.isEmpty && document.locate($0) == nil }
      guard !topLevel.isEmpty else { break }
      looked.formUnion(topLevel)
      wanted = []
      for (index, file) in itemsFiles.sorted(by: { $0.key < $1.key })
      where document.sections.indices.contains(index) {
        let found = try file.items(forKeys: topLevel)
        guard !found.isEmpty else { continue }
        // In the file's order, with the rows found in an earlier round.
        rows[index, default: []] += found
        document.sections[index].items = rows[index, default: []].sorted { $0.index < $1.index }.map(\.item)
        for (_, item) in found {
          for conditions in [item.enabledWhen, item.visibleWhen] {
            if let conditions { wanted.formUnion(conditions.keys) }
          }
        }
      }
    }
    return rows.isEmpty ? nil : document
  }
}
