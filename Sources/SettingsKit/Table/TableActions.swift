/// What a ``SettingsTable``'s rows do, in `UITableViewDelegate` terms: opening and closing
/// sections, changing values through ``Settings``, fetching pages from a section's provider.
///
/// Each action changes the table in place and returns what changed (the sections to reload and the
/// value change), from the change itself: the store is not read again and the other rows are not
/// rebuilt.
public struct TableActions: Sendable {
  /// Where values are written; nil for a read-only table, whose value rows do nothing.
  public var settings: Settings?

  /// Creates the actions of a table whose values are written through `settings`.
  public init(settings: Settings? = nil) {
    self.settings = settings
  }

  /// Performs the row's action, as `tableView(_:didSelectRowAt:)` would.
  ///
  /// A section title row opens or closes its section; a switch row toggles; a "more" row loads the
  /// next page; other rows do nothing here (a UI navigates or steps a choice, see
  /// ``selectNextChoice(of:in:)``).
  ///
  /// - Throws: ``SettingsError`` when toggling fails; the table is unchanged then.
  public func didSelectRow(at indexPath: TableIndexPath, in table: inout SettingsTable)
    async throws(SettingsError)
    -> TableUpdate
  {
    switch table.row(at: indexPath) {
    case .sectionTitle(let index, _, let isExpanded, _):
      return table.setExpanded(!isExpanded, section: index)
    case .item(let item, _, _):
      guard item.type == .switch else { return .none }
      return try toggle(item, in: &table)
    case .more(let index, _, _):
      return await loadNextPage(inSection: index, of: &table)
    }
  }

  /// Turns a switch row's item over through ``settings``, as `settings toggle KEY` does.
  ///
  /// - Throws: ``SettingsError`` (unknown key, disabled item, store errors); the table is unchanged.
  public func toggle(_ item: SettingItem, in table: inout SettingsTable) throws(SettingsError) -> TableUpdate
  {
    guard let key = item.key, let settings else { return .none }
    let before = table.snapshot.value(of: item).value
    let isOn = try settings.toggle(key)
    var update = table.apply(.bool(isOn), forKey: key, isOverride: true)
    if let before, before != .bool(isOn) {
      update.change = SettingChange(key: key, oldValue: before, newValue: .bool(isOn))
    }
    return update
  }

  /// Steps a choice item to its next choice (after the last, the first), as `settings set KEY VALUE`.
  ///
  /// - Throws: ``SettingsError`` as ``Settings/set(_:to:)-(String,_)`` does; the table is unchanged then.
  public func selectNextChoice(of item: SettingItem, in table: inout SettingsTable) throws(SettingsError)
    -> TableUpdate
  {
    guard let key = item.key, let choices = item.choices, !choices.isEmpty, let settings else { return .none }
    let current = table.snapshot.value(of: item).value
    let index = choices.firstIndex { .string($0.value) == current } ?? -1
    let next = SettingValue.string(choices[(index + 1) % choices.count].value)
    let change = try settings.set(key, to: next)
    var update = table.apply(next, forKey: key, isOverride: true)
    update.change = change
    return update
  }

  /// Removes the item's override, as `settings reset KEY` does.
  ///
  /// - Returns: the update, whose `change` is nil when the value already was the default.
  /// - Throws: ``SettingsError`` as ``Settings/reset(_:)`` does; the table is unchanged then.
  public func reset(_ item: SettingItem, in table: inout SettingsTable) throws(SettingsError) -> TableUpdate {
    guard let key = item.key, let settings else { return .none }
    let changes = try settings.reset([key])
    guard let value = table.snapshot.valueWithoutOverride(of: item) else {
      return .none
    }
    var update = table.apply(value, forKey: key, isOverride: false)
    update.change = changes.first
    return update
  }

  /// Shows the next page of a paginated section, fetching it from the section's provider if it has one.
  ///
  /// A failed fetch leaves the shown items as they were and sets the state to `.failed`; calling
  /// again retries, and an items file is read again first, so that a fixed file is seen.
  public func loadNextPage(inSection index: Int, of table: inout SettingsTable) async -> TableUpdate {
    let section = table.sections[index]
    guard section.remaining > 0 || section.state != .exhausted else { return .none }
    guard var provider = section.provider else {
      table.showNextInlinePage(inSection: index)
      return TableUpdate(reloadedSections: [index])
    }
    if case .failed = section.state, let file = provider as? ItemsFile {
      do {
        let reopened = try ItemsFile(path: file.path, locales: file.locales)
        provider = reopened
        table.setTotal(reopened.itemCount, section: index, provider: reopened)
      } catch {
        table.setFailed(Self.message(for: error), section: index)
        return TableUpdate(reloadedSections: [index])
      }
    }
    let range = table.nextPageRange(inSection: index)
    table.setLoading(section: index)
    do {
      table.append(try await provider.items(in: range), toSection: index)
    } catch {
      table.setFailed(Self.message(for: error), section: index)
    }
    return TableUpdate(reloadedSections: [index])
  }

  /// Makes a section take its items from `provider`: counts them and fetches the first page.
  public func setProvider(_ provider: any ItemsProvider, forSection index: Int, of table: inout SettingsTable)
    async -> TableUpdate
  {
    do {
      table.setProvider(provider, total: try await provider.count(), section: index)
    } catch {
      table.setProvider(provider, total: 0, section: index)
      table.setFailed(Self.message(for: error), section: index)
      return TableUpdate(reloadedSections: [index])
    }
    return await loadNextPage(inSection: index, of: &table)
  }

  /// Re-reads the values from ``settings``, after changes made elsewhere.
  ///
  /// - Throws: ``SettingsError`` when the store cannot be read; the table is unchanged then.
  public func reloadValues(of table: inout SettingsTable) throws(SettingsError) -> TableUpdate {
    guard let settings else { return .none }
    return table.apply(try settings.snapshot())
  }

  static func message(for error: any Error) -> String {
    switch error {
    case let error as DocumentError: error.messages.joined(separator: "; ")
    case let error as SettingsError: error.message
    default: "\(error)"
    }
  }
}
