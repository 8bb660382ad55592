import SettingsKit

/// A page of a list item on the screen: its elements, one row each, then an "Add…" row; or the
/// form of one record's fields (an element of the list, or a new record not added yet).
///
/// The page holds no copy of the elements: it reads them from the snapshot of the level it is
/// drawn on, each time it is drawn, so a change made elsewhere (another process, an undo) shows at
/// once. Rows are laid out only when they are drawn (``PageBody``), so a page of 10 000 elements
/// costs what the screen shows.
struct ListPage: Sendable, Equatable {
  /// What the page shows.
  enum Content: Sendable, Equatable {
    /// The elements, then "Add…".
    case elements
    /// The fields of the record at a position (from 1).
    case record(Int)
    /// The fields of a record being made, then "Add": added to the list when that row is chosen.
    case newRecord([String: SettingValue])
  }

  /// The list item.
  let item: SettingItem
  /// The list item's full key.
  let key: String
  /// The list's declaration.
  let list: SettingList
  var content = Content.elements

  /// The title of the "Add…" row of the elements, and of the row that adds a new record.
  static let addTitle = "Add…"

  /// A list item's page, or nil when `item` is not a list.
  init?(item: SettingItem) {
    guard item.type == .list, let list = item.list, let key = item.key else { return nil }
    self.item = item
    self.key = key
    self.list = list
  }

  /// The list's elements in `snapshot` (its default when the store has none).
  func elements(in snapshot: SettingsSnapshot) -> [SettingValue] {
    guard case .list(let elements)? = snapshot.value(of: item).value else { return [] }
    return elements
  }

  /// The record the page's form shows; nil on the elements' page or when the record went away.
  func record(in elements: [SettingValue]) -> [String: SettingValue]? {
    switch content {
    case .elements: return nil
    case .newRecord(let values): return values
    case .record(let position):
      guard elements.indices.contains(position - 1), case .record(let values) = elements[position - 1]
      else { return nil }
      return values
    }
  }

  /// How many rows the page has: the elements and "Add…", or the fields (and "Add" for a new
  /// record).
  func rowCount(_ elements: [SettingValue]) -> Int {
    switch content {
    case .elements: return elements.count + 1
    case .record: return record(in: elements) == nil ? 0 : list.fields?.count ?? 0
    case .newRecord: return (list.fields?.count ?? 0) + 1
    }
  }

  /// What row `row` (from 0) shows: an element (its text; a record by its title field, its
  /// subtitle field at the right), a field of the record, or the row that adds.
  func rowContent(_ row: Int, elements: [SettingValue], isLocked: Bool) -> RowContent {
    var content: RowContent
    switch self.content {
    case .elements:
      content = row < elements.count ? elementContent(elements[row]) : RowContent(title: Self.addTitle)
    case .record, .newRecord:
      if let fields = list.fields, row < fields.count, let values = record(in: elements) {
        let field = fields[row]
        content = RowContent(item: field, value: field.key.flatMap { values[$0] }, isModified: false)
        content.icon = nil
      } else {
        content = RowContent(title: "Add")
      }
    }
    content.isLocked = isLocked
    return content
  }

  /// The row of one element: a value by its text (a choice by its title, a secure text masked);
  /// a record by its title field's value, its subtitle field's at the right, then a chevron.
  func elementContent(_ element: SettingValue) -> RowContent {
    guard case .record(let values) = element else {
      return RowContent(title: text(of: element, for: list.element))
    }
    let title = list.titleField.flatMap { key in values[key].map { text(of: $0, for: list.field(key)) } }
    let subtitle = list.subtitleField.flatMap { key in
      values[key].map { text(of: $0, for: list.field(key)) }
    }
    return RowContent(title: title ?? "", accessory: subtitle.map { .detail($0) } ?? .chevron)
  }

  /// An element's (or a field's) value as a row shows it.
  func text(of value: SettingValue, for declaration: SettingItem?) -> String {
    ValueRules.text(of: value, forRow: declaration, style: .row)
  }

  /// The page's footer: the keys that change what it shows.
  var footer: String {
    switch content {
    case .elements: "Enter edits, a adds, d deletes, K J move"
    case .record: "Enter edits a field; Esc goes back"
    case .newRecord: "Fill in the fields, then Enter on Add"
    }
  }

  /// An element named in a question or a status line: a value by its text, a record by its
  /// title field's value.
  func name(of element: SettingValue) -> String {
    let title = elementContent(element).title
    return title.isEmpty ? "this element" : title
  }
}
