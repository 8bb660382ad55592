import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// The field tables of docs/GUIDE.md ("The document format") name the fields of ``DocumentFields``, with
/// their types and, for the value fields, the cell types they apply to.
struct DocumentFieldsGuideTests {
  /// One row of a table: the field names of its first cell and its other cells by column.
  struct Row {
    var names: [String]
    var cells: [String: String]
  }

  /// The tables of the guide's "The document format" section, each a list of rows, in order.
  static func tables() throws -> [[Row]] {
    let guide = try String(contentsOfFile: examplePath("../docs/GUIDE.md"), encoding: .utf8)
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "## The document format"))
    let end = try #require(lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") })
    var tables: [[Row]] = []
    var header: [String]?
    for line in lines[start..<end] {
      guard line.hasPrefix("| ") else {
        header = nil
        continue
      }
      // `\|` is a bar inside a cell.
      let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|")
        .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
      guard let columns = header else {
        header = cells
        tables.append([])
        continue
      }
      if cells.allSatisfy({ $0 == "---" }) { continue }
      let names = cells[0].components(separatedBy: ", ").map { $0.trimmingCharacters(in: ["`"]) }
      tables[tables.count - 1].append(
        Row(names: names, cells: Dictionary(uniqueKeysWithValues: zip(columns, cells))))
    }
    return tables
  }

  /// The guide's type cell of `field`.
  static func typeWords(_ field: DocumentField) -> String {
    field.kind.words + (field.isRequired ? ", required" : "")
  }

  /// The guide's "on" cell of a value field.
  static func onWords(_ field: DocumentField) -> String {
    switch field.applies {
    case .anywhere: "all"
    case .only(let types): types.map { "`\($0.rawValue)`" }.joined(separator: ", ")
    case .withChoices: "`rightDetail` with `choices`"
    }
  }

  /// The names and types of `rows`, and the fields they disagree on.
  static func check(_ rows: [Row], against fields: [DocumentField]) -> [String] {
    var problems: [String] = []
    var previousType = ""
    for row in rows {
      // "same" is the type of the row above.
      let type = row.cells["type"] == "same" ? previousType : row.cells["type"] ?? ""
      previousType = type
      for name in row.names {
        guard let field = DocumentFields.named(name, in: fields) else {
          problems.append("\(name): not a field of the table")
          continue
        }
        // Display text may say that it is localizable.
        let said = field.kind == .text ? type.replacingOccurrences(of: " (localizable)", with: "") : type
        if said != typeWords(field) {
          problems.append("\(name): the guide says \(type), the table \(typeWords(field))")
        }
        if let on = row.cells["on"], on != onWords(field) {
          problems.append("\(name): the guide says on \(on), the table \(onWords(field))")
        }
      }
    }
    return problems
  }

  @Test func theGuideTablesNameEveryFieldWithItsType() throws {
    let tables = try Self.tables()
    try #require(tables.count == 5)
    #expect(
      tables.map { $0.first.map { Array($0.cells.keys).sorted() } ?? [] }.map { $0.joined(separator: " ") }
        == [
          "field meaning type", "field meaning type", "field meaning type", "field meaning type",
          "field meaning on type",
        ])
    let (document, section, items) = (tables[0], tables[1], tables[2] + tables[3])
    let values = tables[4]
    #expect(Self.check(document, against: DocumentFields.document) == [])
    #expect(Self.check(section, against: DocumentFields.section) == [])
    #expect(Self.check(items + values, against: DocumentFields.item) == [])
    #expect(Set(document.flatMap(\.names)) == Set(DocumentFields.names(DocumentFields.document)))
    #expect(Set(section.flatMap(\.names)) == Set(DocumentFields.names(DocumentFields.section)))
    // The value fields are in the "Values" table; `value` is in both.
    #expect(Set(values.flatMap(\.names)) == Set(DocumentFields.item.filter(\.isValueField).map(\.name)))
    #expect(
      Set(items.flatMap(\.names))
        == Set(DocumentFields.item.filter { !$0.isValueField || $0.name == "value" }.map(\.name)))
  }
}
