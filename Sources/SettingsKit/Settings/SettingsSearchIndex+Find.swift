extension SettingsSearchIndex {
  /// The first `limit` matches of `text` in screen order, each with the key of the item whose
  /// page holds it (nil on the top page), and how many there are in all.
  ///
  /// - Parameter document: the document the index was made from.
  /// - Parameter snapshot: the values that decide whether each match is hidden or disabled now.
  package func find(
    _ text: String, in document: SettingsDocument, snapshot: SettingsSnapshot, limit: Int
  ) -> (matches: [(match: SettingsSearch.Match, page: String?)], total: Int) {
    var matches: [(match: SettingsSearch.Match, page: String?)] = []
    var total = 0
    forEachMatch(of: text) { index, field in
      total += 1
      guard matches.count < limit else { return }
      let (item, ancestors) = item(index, in: document)
      let match = SettingsSearch.match(
        item, ancestors: ancestors, field: Self.fieldNames[field], in: document, values: snapshot)
      matches.append((match, ancestors.last?.key))
    }
    return (matches, total)
  }
}
