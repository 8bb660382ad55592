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

  /// The defaults of `document`, with no overrides.
  public init(document: SettingsDocument) {
    var defaults: [String: SettingValue] = [:]
    for section in document.sections {
      for item in section.items {
        guard let key = item.key, let value = Self.defaultValue(of: item) else { continue }
        defaults[key] = value
      }
    }
    self.values = defaults
    self.defaults = defaults
    self.modified = []
  }

  /// Merges `contents` over the defaults of `document`.
  ///
  /// - Parameter lenient: when true, an override of the wrong type reads as the default instead of
  ///   throwing (what `reset` needs to repair such a store).
  /// - Throws: ``StoreError/wrongType(file:location:key:expected:found:)`` when an override of a
  ///   switch is not `true` or `false`. Keys the document does not know are ignored here.
  public init(
    document: SettingsDocument, contents: StoreContents, storeName: String, lenient: Bool = false
  ) throws(StoreError) {
    self.init(document: document)
    guard !contents.values.isEmpty else { return }
    // One pass over the items, not one per stored key: both may number a million.
    var types: [String: CellType] = [:]
    for section in document.sections {
      for item in section.items {
        if let key = item.key, types[key] == nil { types[key] = item.type }
      }
    }
    for (key, stored) in contents.values {
      guard let type = types[key] else {
        if case .bool(let flag) = stored.kind { otherOverrides[key] = flag }
        continue
      }
      guard type == .switch else { continue }
      guard case .bool(let flag) = stored.kind else {
        if lenient { continue }
        throw .wrongType(
          file: storeName, location: contents.location(of: key), key: key, expected: "true or false",
          found: stored.typeDescription)
      }
      values[key] = .bool(flag)
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
    case .rightDetail: .string(item.rightDetail ?? "")
    case .detailTitle: nil
    }
  }
}
