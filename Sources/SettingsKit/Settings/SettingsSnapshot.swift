/// The values of a document's items at one moment: defaults merged with a store's overrides.
public struct SettingsSnapshot: Sendable, Equatable {
  /// Each valued item's current value by key: switches and right-detail items.
  public var values: [String: SettingValue]
  /// Each valued item's default by key, from the document.
  public var defaults: [String: SettingValue]
  /// Keys whose value comes from the store.
  public var modified: Set<String>
  /// Stored switch states of keys the document's loaded items do not have: items of an items file
  /// that were not decoded (see ``value(of:)``), or keys from an older document.
  public var otherOverrides: [String: Bool] = [:]

  /// The defaults of `document`, with no overrides; child pages included.
  public init(document: SettingsDocument) {
    self.init(document: document, keeping: [])
  }

  /// The defaults, keeping the items that later steps need by key: those named in `keys`, and the
  /// items other items' `enabledWhen`/`visibleWhen` depend on. Keeping every item would copy a
  /// large document's items once more.
  init(document: SettingsDocument, keeping keys: Set<String>) {
    var defaults: [String: SettingValue] = [:]
    var controllers = keys
    document.forEachItem { item, _ in
      if let key = item.key, let value = Self.defaultValue(of: item) { defaults[key] = value }
      for conditions in [item.enabledWhen, item.visibleWhen] {
        if let conditions { controllers.formUnion(conditions.keys) }
      }
    }
    var items: [String: SettingItem] = [:]
    if !controllers.isEmpty {
      document.forEachItem { item, _ in
        if let key = item.key, controllers.contains(key) { items[key] = item }
      }
    }
    self.values = defaults
    self.defaults = defaults
    self.modified = []
    self.itemsByKey = items
  }

  /// The items kept by key: stored keys' items and the items that others depend on.
  var itemsByKey: [String: SettingItem] = [:]

  /// Merges `contents` over the defaults of `document`.
  ///
  /// - Parameter lenient: when true, an override of the wrong type reads as the default instead of
  ///   throwing (what `reset` needs to repair such a store).
  /// - Throws: ``StoreError/wrongType(file:location:key:expected:found:)`` when an override of a
  ///   switch is not `true` or `false`. Keys the document does not know are ignored here.
  public init(
    document: SettingsDocument, contents: StoreContents, storeName: String, lenient: Bool = false
  ) throws(StoreError) {
    self.init(document: document, keeping: Set(contents.values.keys))
    for (key, stored) in contents.values {
      guard let item = itemsByKey[key] else {
        if case .bool(let flag) = stored.kind { otherOverrides[key] = flag }
        continue
      }
      let value: SettingValue
      switch (item.type, stored.kind) {
      case (.switch, .bool(let flag)): value = .bool(flag)
      case (.rightDetail, .string(let text)) where item.choices?.contains(where: { $0.value == text }) ?? true:
        value = .string(text)
      default:
        if lenient { continue }
        let expected =
          switch item.type {
          case .switch: "true or false"
          case .rightDetail:
            item.choices.map {
              "one of " + $0.map { "\"\(TerminalText.escaped($0.value))\"" }.joined(separator: ", ")
            }
              ?? "a string"
          case .detailTitle: "nothing: a detailTitle item has no value"
          }
        let found: String =
          if case .string(let text) = stored.kind, item.choices != nil {
            "\"\(TerminalText.escaped(text))\""
          } else { stored.typeDescription }
        throw .wrongType(
          file: storeName, location: contents.location(of: key), key: key, expected: expected,
          found: found)
      }
      values[key] = value
      modified.insert(key)
    }
  }

  /// An item's current value and whether it is an override, also for an item decoded after the
  /// snapshot was taken (from an items file).
  public func value(of item: SettingItem) -> (value: SettingValue?, isModified: Bool) {
    guard let key = item.key else { return (Self.defaultValue(of: item), false) }
    if let value = values[key] { return (value, modified.contains(key)) }
    if item.type == .switch, let flag = otherOverrides[key] { return (.bool(flag), true) }
    return (Self.defaultValue(of: item), false)
  }

  /// An item's default value: a switch's `on`, a right-detail item's text; nil for detailTitle.
  public static func defaultValue(of item: SettingItem) -> SettingValue? {
    switch item.type {
    case .switch: .bool(item.defaultIsOn)
    case .rightDetail: .string(item.choices != nil ? item.value ?? "" : item.rightDetail ?? "")
    case .detailTitle: nil
    }
  }
}
