import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Rows drawn from the compiled form (``CompiledRow``): `show --all`'s text of a document opened
/// through the cache decodes no row of a section read on demand, and is the text of the whole
/// decode, byte for byte.
struct CompiledRowsRenderingTests {
  /// A document with every cell type, icons (a name and an emoji), subtitles, localized text
  /// (titles, choices, placeholders, units, footers), deprecated items, multiple choice, closed
  /// and open collapsible sections, a section that a secure field keeps with the document, and
  /// generated sections of every cell type.
  static let document: String = {
    var generated: [String] = []
    for section in 0..<4 {
      var items: [String] = []
      for index in 0..<30 {
        let key = "g\(section)-\(index)"
        let item: String =
          switch index % 7 {
          case 0:
            #"{"key": "\#(key)", "type": "switch", "title": "Switch \#(index)", "on": \#(index % 2 == 0)}"#
          case 1:
            #"{"key": "\#(key)", "type": "rightDetail", "title": {"en": "Detail \#(index)", "ko": "상세 \#(index)"}, "rightDetail": "v\#(index)"}"#
          case 2:
            #"{"key": "\#(key)", "type": "detailTitle", "title": "Page \#(index)", "subTitle": "About \#(index)", "page": {"sections": [{"items": [{"key": "in", "type": "switch", "title": "Inner"}]}]}}"#
          case 3:
            #"{"key": "\#(key)", "type": "textField", "title": "Text \#(index)", "value": "t\#(index)"}"#
          case 4:
            #"{"key": "\#(key)", "type": "number", "title": "Number \#(index)", "value": \#(index), "unit": {"en": "min", "ko": "분"}}"#
          case 5:
            #"{"key": "\#(key)", "type": "slider", "title": "Slider \#(index)", "min": 0, "max": 50, "value": \#(index), "unit": "%"}"#
          default:
            #"{"key": "\#(key)", "type": "rightDetail", "title": "Choice \#(index)", "choices": [{"value": "a", "title": {"en": "Alpha", "ko": "알파"}}, {"value": "b", "title": "Beta"}], "value": "b"}"#
          }
        items.append(item)
      }
      generated.append(#"{"header": "Generated \#(section)", "items": [\#(items.joined(separator: ",\n"))]}"#)
    }
    return #"""
      {"id": "rows", "title": {"en": "Rows", "ko": "행"}, "sections": [
        {"header": {"en": "Network", "ko": "네트워크"}, "footer": {"en": "Radios.", "ko": "무선."}, "items": [
          {"key": "airplane", "type": "switch", "title": {"en": "Airplane Mode", "ko": "에어플레인 모드"}, "imageName": "airplane"},
          {"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "imageName": "🛜", "rightDetail": "Home",
           "subTitle": {"en": "Connected", "ko": "연결됨"},
           "page": {"sections": [{"items": [{"key": "ask", "type": "switch", "title": "Ask"}]}]}},
          {"key": "old", "type": "switch", "title": "Old radio", "on": true, "deprecated": "Use Wi-Fi"},
          {"type": "detailTitle", "title": "About"},
          {"type": "rightDetail", "title": "Version", "rightDetail": {"en": "1.0", "ko": "1.0판"}}]},
        {"id": "values", "header": "Values", "items": [
          {"key": "name", "type": "textField", "title": "Name", "value": "Kim"},
          {"key": "host", "type": "textField", "title": "Host", "placeholder": {"en": "host:port", "ko": "호스트:포트"}},
          {"key": "lock", "type": "number", "title": "Auto-Lock", "value": 30, "unit": "min", "min": 1, "max": 60},
          {"key": "start", "type": "number", "title": "Start", "value": 5, "min": 5},
          {"key": "volume", "type": "slider", "title": "Volume", "min": 0, "max": 10, "step": 0.5, "value": 2.5, "unit": "dB"},
          {"key": "temp", "type": "number", "title": "Temp", "value": -3.25, "step": 0.25},
          {"key": "band", "type": "rightDetail", "title": "Band", "choices": [
            {"value": "2g", "title": {"en": "2.4 GHz", "ko": "2.4기가"}}, {"value": "5g", "title": "5 GHz"}], "value": "5g"},
          {"key": "days", "type": "rightDetail", "title": "Days", "multiple": true, "choices": [
            {"value": "mon", "title": {"en": "Monday", "ko": "월요일"}}, {"value": "tue", "title": "Tuesday"},
            {"value": "wed", "title": "Wednesday"}], "value": ["wed", "mon"]},
          {"key": "none", "type": "rightDetail", "title": "None chosen", "multiple": true, "choices": [
            {"value": "x", "title": "X"}], "value": []}]},
        {"id": "closed", "header": "Closed", "collapsible": true, "expanded": false, "items": [
          {"key": "c1", "type": "switch", "title": "Closed one"},
          {"key": "c2", "type": "switch", "title": "Closed two", "on": true}]},
        {"id": "open", "header": "Open", "collapsible": true, "expanded": true, "footer": "Shown when open.", "items": [
          {"key": "o1", "type": "switch", "title": "Open one", "imageName": "bell"}]},
        {"header": "Secrets", "items": [
          {"key": "password", "type": "textField", "title": "Password", "secure": true, "value": "hunter2"},
          {"key": "user", "type": "textField", "title": "User", "value": "me"}]},
      \#(generated.joined(separator: ",\n"))]}
      """#
  }()

  /// The document written to a temporary folder, opened through a cache there and whole.
  struct Opened {
    let directory: TemporaryDirectory
    let cached: LoadedDocument
    let whole: LoadedDocument

    init(locales: [String]) throws {
      directory = try TemporaryDirectory()
      let path = try directory.write("rows.json", CompiledRowsRenderingTests.document)
      var options = DocumentOptions(locales: locales, cache: .directory(SystemPath(directory.file("cache"))))
      options.racyWindow = 0
      _ = try DocumentLoader.open(path, options: options)
      cached = try DocumentLoader.open(path, options: options)
      whole = try DocumentLoader.open(path, options: DocumentOptions(locales: locales, cache: .none))
    }
  }

  /// The indexes of the sections read on demand whose rows were decoded.
  func decoded(_ opened: LoadedDocument) -> [Int] {
    opened.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted()
  }

  /// `show --all`'s text: every page of every section, the view state as shipped.
  func showAll(_ document: SettingsDocument, store: MemoryStore, width: Int, colors: Bool) throws -> String {
    let snapshot = try Settings(document: document, store: store).snapshot()
    var pages: [Int: SettingsTable.Pages] = [:]
    for index in document.sections.indices { pages[index] = .all }
    let table = try SettingsTable(sections: document.sections, snapshot: snapshot, pages: pages)
    return TextRenderer(width: width, colors: colors).render(table)
  }

  @Test(arguments: [["en"], ["ko"]], [(80, false), (40, true), (120, false)])
  func showAllDecodesNoRowAndDrawsWhatTheWholeDecodeDraws(locales: [String], layout: (Int, Bool)) throws {
    let opened = try Opened(locales: locales)
    defer { opened.directory.remove() }
    // Every section but the one a secure field keeps with the document is read on demand.
    #expect(opened.cached.compiledItems.keys.sorted() == [0, 1, 2, 3, 5, 6, 7, 8])
    let text = try showAll(opened.cached.document, store: MemoryStore(), width: layout.0, colors: layout.1)
    #expect(decoded(opened.cached) == [])
    let whole = try showAll(opened.whole.document, store: MemoryStore(), width: layout.0, colors: layout.1)
    #expect(text == whole)
    // The rows drawn are the document's: a spot check that the text is not empty of them.
    #expect(text.contains(locales == ["ko"] ? "에어플레인 모드" : "Airplane Mode"))
    #expect(text.contains("Switch 28"))
  }

  /// With stored values (overrides marked `*`, a closed section's count of changes, a value an
  /// item rejects marked `!`), the text is still the whole decode's.
  @Test func storedValuesDrawAsTheWholeDecodeDrawsThem() throws {
    let opened = try Opened(locales: ["en"])
    defer { opened.directory.remove() }
    let values: [String: JSONValue] = [
      "airplane": .bool(true), "band": .string("2g"), "days": .array([.string("tue")]),
      "c2": .bool(false), "lock": .string("loud"), "g1-4": .integer(9), "unknown": .bool(true),
    ]
    let text = try showAll(
      opened.cached.document, store: MemoryStore(values: values), width: 80, colors: false)
    let whole = try showAll(
      opened.whole.document, store: MemoryStore(values: values), width: 80, colors: false)
    #expect(text == whole)
    #expect(
      text.contains("\n▸ Closed                                                      2 items, 1 changed\n"))
    #expect(
      text.contains("\n!    Auto-Lock                                                            30 min\n"))
  }

  /// A row read from the compiled form is the decoded item's fields, one by one.
  @Test func aRowHoldsTheDecodedItemsFields() throws {
    let opened = try Opened(locales: ["ko"])
    defer { opened.directory.remove() }
    for (index, compiled) in opened.cached.compiledItems {
      let rows = try #require(compiled.rows)
      let items = opened.whole.document.sections[index].items
      #expect(rows.count == items.count)
      for (row, item) in zip(rows, items) {
        #expect(CompiledRow(fieldsOf: item) == row, "\(item.key ?? item.title)")
        #expect(row.shippedValue == item.defaultValue)
      }
      #expect(compiled.row(0) == rows.first)
    }
    #expect(decoded(opened.cached) == [])
  }
}

extension CompiledRow {
  /// The row of a decoded item: its ``RowFields``, field by field.
  init(fieldsOf item: SettingItem) {
    self.init(key: item.key, type: item.type, title: item.title)
    subTitle = item.subTitle
    rightDetail = item.rightDetail
    on = item.on
    imageName = item.imageName
    choices = item.choices
    value = item.value
    multiple = item.multiple
    multipleValue = item.multipleValue
    numberValue = item.numberValue
    min = item.min
    max = item.max
    unit = item.unit
    placeholder = item.placeholder
    secure = item.secure
    deprecated = item.deprecated
  }
}
