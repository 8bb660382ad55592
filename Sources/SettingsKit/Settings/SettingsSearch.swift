/// Finding items by text across every page, as VS Code's settings search does.
public enum SettingsSearch {
  /// One item that matched, with where it stands.
  public struct Match: Sendable, Equatable {
    /// The item; its key is the full dot path.
    public var item: SettingItem
    /// Titles from the top page to the item's page, then the item's title.
    public var breadcrumb: [String]
    /// Which text matched: `title`, `subTitle`, `key` or `choice`.
    public var field: String
  }

  /// Every item whose title, subtitle, key or choice titles contain `text`, in screen order.
  ///
  /// Matching ignores letter case and compares by extended grapheme clusters, which Swift compares
  /// by canonical equivalence (Unicode normalization, UAX #15): decomposed Korean jamo match the
  /// composed syllables. An empty `text` matches nothing.
  public static func find(_ text: String, in document: SettingsDocument) -> [Match] {
    let needle = Array(text.lowercased())
    guard !needle.isEmpty else { return [] }
    var matches: [Match] = []
    for located in document.allItems {
      let item = located.item
      let fields: [(String, String?)] =
        [("title", item.title), ("subTitle", item.subTitle), ("key", item.key)]
        + (item.choices ?? []).map { ("choice", $0.title) }
      guard
        let field = fields.first(where: { $0.1.map { contains(Array($0.lowercased()), needle) } ?? false })
      else { continue }
      matches.append(
        Match(item: item, breadcrumb: located.breadcrumb(in: document) + [item.title], field: field.0))
    }
    return matches
  }

  static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
