/// Finding items by text across every page, as VS Code's settings search does.
public enum SettingsSearch {
  /// One item that matched, with where it stands.
  public struct Match: Sendable, Equatable {
    /// The item; its key is the full dot path.
    public var item: SettingItem
    /// Titles from the top page to the item's page, then the item's title.
    public var breadcrumb: [String]
    /// Which text matched: `title`, `subTitle`, `key`, `choice` or `description`. Values are not
    /// searched, so a secure text field's value never matches.
    public var field: String
    /// Why a `visibleWhen` condition hides the item (or the item whose page holds it) under the
    /// values searched with, such as "shown only while Do Not Disturb is on"; nil when it is shown.
    /// An item that is merely on a page not loaded yet is not hidden.
    public var hiddenReason: String?
    /// Why an `enabledWhen` condition disables the item now, such as "off while Airplane Mode is
    /// on"; nil when it is enabled.
    public var disabledReason: String?

    /// A match of `item` in `field`, shown and enabled unless the reasons say otherwise.
    public init(
      item: SettingItem, breadcrumb: [String], field: String, hiddenReason: String? = nil,
      disabledReason: String? = nil
    ) {
      self.item = item
      self.breadcrumb = breadcrumb
      self.field = field
      self.hiddenReason = hiddenReason
      self.disabledReason = disabledReason
    }

    /// Whether the item is shown under the values searched with.
    public var isVisible: Bool { hiddenReason == nil }
    /// Whether the item can be changed under the values searched with.
    public var isEnabled: Bool { disabledReason == nil }
  }

  /// Every item whose title, subtitle, key, choice titles or description contain `text`, in screen
  /// order.
  ///
  /// Matching ignores letter case and compares by extended grapheme clusters, which Swift compares
  /// by canonical equivalence (Unicode normalization, UAX #15): decomposed Korean jamo match the
  /// composed syllables. An empty `text` matches nothing.
  ///
  /// - Parameters:
  ///   - text: what to look for.
  ///   - document: the document whose items are searched.
  ///   - snapshot: the values that decide whether each match is hidden or disabled now;
  ///     the document's defaults when nil.
  public static func find(_ text: String, in document: SettingsDocument, snapshot: SettingsSnapshot? = nil)
    -> [Match]
  {
    let needle = Array(text.lowercased())
    guard !needle.isEmpty else { return [] }
    var matches: [Match] = []
    let values = snapshot ?? SettingsSnapshot(document: document)
    document.forEachItem { item, position in
      guard let field = matchedField(of: item, needle) else { return }
      matches.append(
        match(item, ancestors: position.ancestors, field: field, in: document, values: values))
    }
    return matches
  }

  /// The name of the first searched text of `item` that contains `needle` (lowercased
  /// characters), or nil.
  static func matchedField(of item: SettingItem, _ needle: [Character]) -> String? {
    SettingsSearchIndex.searchedFields(of: item).first {
      $0.text.map { SettingsSearchIndex.contains(Array($0.lowercased()), needle) } ?? false
    }?.name
  }

  /// The match of `item` under `ancestors` in `field`: its breadcrumb, and why `values` hide or
  /// disable it.
  static func match(
    _ item: SettingItem, ancestors: [SettingItem], field: String, in document: SettingsDocument,
    values: SettingsSnapshot
  ) -> Match {
    var match = Match(
      item: item, breadcrumb: [document.title] + ancestors.map(\.title) + [item.title], field: field)
    match.hiddenReason = (ancestors + [item]).lazy.compactMap { hiddenReason(of: $0, in: values) }.first
    match.disabledReason = values.state(of: item).disabledReason
    return match
  }

  /// Why `item`'s `visibleWhen` hides it under `snapshot`: "shown only while Do Not Disturb is on"
  /// for its first unmet condition in key order, through hidden items to the root
  /// (``SettingsSnapshot/hiddenCause(of:)``); nil when it is shown.
  public static func hiddenReason(of item: SettingItem, in snapshot: SettingsSnapshot) -> String? {
    snapshot.hiddenCause(of: item)?.reason
  }
}
