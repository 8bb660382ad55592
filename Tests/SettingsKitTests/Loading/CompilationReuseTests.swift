import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A compile that takes the unchanged sections from the compile of an earlier version (a reload)
/// gives what a full compile of the new bytes gives, byte for byte, and the same errors: on
/// generated documents (switches, choices, pages with section ids, conditions across sections,
/// earlier keys) and generated edits, one after another.
struct CompilationReuseTests {
  /// A document as sections of item texts, and each section's header.
  struct Model {
    var headers: [String]
    var sections: [[String]]
    var counter = 0

    var text: String {
      let parts = zip(headers, sections).map { header, items in
        #"{"header": "\#(header)", "items": [\#(items.joined(separator: ",\n"))]}"#
      }
      return #"{"id": "reuse", "title": "Reuse", "sections": [\#(parts.joined(separator: ",\n"))]}"# + "\n"
    }

    /// A new item: mostly switches and choices, sometimes a page (with a section id now and then),
    /// a condition on `controller` or earlier keys.
    mutating func item(_ random: inout SeededRandom, controller: String?) -> String {
      counter += 1
      let key = "k\(counter)"
      switch counter == 1 ? 9 : random.below(10) {
      case 0:
        let id = random.chance(50) ? #""id": "page\#(counter)", "# : ""
        return
          #"{"key": "\#(key)", "type": "detailTitle", "title": "P \#(counter)", "page": {"sections": [{\#(id)"items": [{"key": "x", "type": "switch", "title": "X"}, {"key": "y", "type": "switch", "title": "Y", "on": true}]}]}}"#
      case 1 where controller != nil:
        return
          #"{"key": "\#(key)", "type": "switch", "title": "C \#(counter)", "enabledWhen": {"\#(controller!)": true}}"#
      case 2:
        return
          #"{"key": "\#(key)", "type": "switch", "title": "R \#(counter)", "renamedFrom": ["old\#(counter)"]}"#
      case 3, 4:
        return
          #"{"key": "\#(key)", "type": "rightDetail", "title": "Choice \#(counter)", "value": "a", "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}"#
      default:
        return
          #"{"key": "\#(key)", "type": "switch", "title": "Switch \#(counter)", "on": \#(random.chance(50))}"#
      }
    }

    init(_ random: inout SeededRandom) {
      headers = []
      sections = []
      for section in 0..<(4 + random.below(4)) {
        headers.append("Section \(section)")
        var items: [String] = []
        for _ in 0..<(2 + random.below(6)) {
          items.append(item(&random, controller: counter > 0 ? "k1" : nil))
        }
        sections.append(items)
      }
    }
  }

  /// The edits, each on one section or two.
  enum Edit: CaseIterable {
    case changeOne, addOne, removeOne, moveSection, header, duplicateAcross, invalid
  }

  /// Applies `edit` to `model`.
  func apply(_ edit: Edit, to model: inout Model, _ random: inout SeededRandom) {
    let section = random.below(model.sections.count)
    switch edit {
    case .changeOne:
      let row = random.below(model.sections[section].count)
      model.sections[section][row] = model.sections[section][row].replacingOccurrences(
        of: #""title": ""#, with: #""title": "Edited "#)
    case .addOne:
      model.sections[section].insert(
        model.item(&random, controller: "k1"), at: random.below(model.sections[section].count + 1))
    case .removeOne where model.sections[section].count > 1:
      model.sections[section].remove(at: random.below(model.sections[section].count))
    case .removeOne: break
    case .moveSection:
      let other = (section + 1 + random.below(model.sections.count - 1)) % model.sections.count
      model.sections.swapAt(section, other)
      model.headers.swapAt(section, other)
    case .header:
      // Every later item moves in the bytes, and none changes.
      model.headers[section] += " and more"
    case .duplicateAcross:
      // An item takes the key of an item of another section, before or after it, and the first
      // section's header moves every offset.
      let other = (section + 1 + random.below(model.sections.count - 1)) % model.sections.count
      guard let key = Self.firstKey(of: model.sections[other]) else { return }
      let row = random.below(model.sections[section].count)
      model.sections[section][row] = #"{"key": "\#(key)", "type": "switch", "title": "Twin"}"#
      model.headers[0] += " moved"
    case .invalid:
      let row = random.below(model.sections[section].count)
      model.sections[section][row] = model.sections[section][row].replacingOccurrences(
        of: #""type": ""#, with: #""type": "no"#)
    }
  }

  static func firstKey(of items: [String]) -> String? {
    guard let item = items.first, let start = item.range(of: #""key": ""#) else { return nil }
    return String(item[start.upperBound...].prefix { $0 != "\"" })
  }

  /// The compile of `text`, taking from `previous`.
  func scan(_ text: String, reusing previous: DocumentCompilation.Reusable?) throws -> Result<
    DocumentCompilation.Scanned?, DocumentError
  > {
    let bytes = Array(text.utf8)
    let skeleton = try #require(DocumentSkeleton(bytes))
    return Result { () throws(DocumentError) -> DocumentCompilation.Scanned? in
      try DocumentCompilation.scan(
        SourceText(name: "doc.json", bytes: bytes), skeleton: skeleton, itemsFiles: [:], locales: ["en"],
        reusing: previous, leaving: true)
    }
  }

  func encoding(_ compilation: DocumentCompilation) -> DocumentCacheFile.Encoding {
    DocumentCacheFile.encoding(
      compilation, sources: [(SystemPath("doc.json"), [1, 2, 3, 4, 5, 6])], locales: ["en"],
      fingerprint: DocumentCacheFormat.fingerprint(buildTag: "reuse"))
  }

  func encoded(_ compilation: DocumentCompilation) -> [UInt8] { encoding(compilation).bytes }

  /// What the compile of `text` leaves for the next, with its encoding (as a reload keeps it).
  func leaving(_ text: String) throws -> DocumentCompilation.Reusable {
    let scanned = try #require(try scan(text, reusing: nil).get())
    return try #require(scanned.reusable).encoded(as: encoding(scanned.compilation))
  }

  /// Compiles `text` taking from `previous`, and without: the same compiled form, or the same
  /// error. Gives the compile that took (nil when it failed), what it leaves for the next (with
  /// its encoding), how many items it took and how many sections' records its encoding copied.
  func compare(_ text: String, previous: DocumentCompilation.Reusable?, label: String) throws -> (
    DocumentCompilation.Scanned?, Int
  ) {
    let (made, _, count, _) = try compareCopying(text, previous: previous, label: label)
    return (made, count)
  }

  func compareCopying(_ text: String, previous: DocumentCompilation.Reusable?, label: String) throws -> (
    DocumentCompilation.Scanned?, DocumentCompilation.Reusable?, Int, Int
  ) {
    let taking = try scan(text, reusing: previous)
    let full = try scan(text, reusing: nil)
    switch (taking, full) {
    case (.failure(let left), .failure(let right)):
      #expect(left == right, "\(label)")
      return (nil, nil, 0, 0)
    case (.success(let left), .success(let right)):
      let left = try #require(left, "\(label)")
      let right = try #require(right, "\(label)")
      #expect(left.compilation.sections.map(\.rows) == right.compilation.sections.map(\.rows), "\(label)")
      let (leftEncoding, rightEncoding) = (encoding(left.compilation), encoding(right.compilation))
      #expect(leftEncoding.bytes == rightEncoding.bytes, "\(label)")
      #expect(leftEncoding.records == rightEncoding.records, "\(label)")
      #expect(rightEncoding.copiedSections == 0, "\(label)")
      #expect(right.reused == 0, "\(label)")
      #expect(left.built == 0, "\(label)")
      // What each leaves for the next compile is the same too.
      let (leaving, fullLeaving) = (try #require(left.reusable), try #require(right.reusable))
      #expect(leaving.sections.keys.sorted() == fullLeaving.sections.keys.sorted(), "\(label)")
      for (index, taken) in leaving.sections {
        let other = fullLeaving.sections[index]
        #expect(taken.rows == other?.rows, "\(label) section \(index)")
        #expect(taken.keyOffsets == other?.keyOffsets, "\(label) section \(index)")
      }
      return (left, leaving.encoded(as: leftEncoding), left.reused, leftEncoding.copiedSections)
    default:
      Issue.record("\(label): one way failed, the other did not: \(taking) / \(full)")
      return (nil, nil, 0, 0)
    }
  }

  @Test func aCompileThatTakesUnchangedSectionsGivesTheFullCompile() throws {
    var taken: [Edit: Int] = [:]
    var copied: [Edit: Int] = [:]
    var failed: [Edit: Int] = [:]
    for seed in 0..<40 {
      var random = SeededRandom(state: 7_919 &* UInt64(seed + 1))
      var model = Model(&random)
      // Every other seed, what is left has no encoding: the sections are taken and encoded.
      var previous =
        seed.isMultiple(of: 2)
        ? try leaving(model.text) : try #require(try scan(model.text, reusing: nil).get()?.reusable)
      // Three edits in a row, each compile taking from the one before.
      for step in 0..<3 {
        let edit = Edit.allCases[random.below(Edit.allCases.count)]
        var edited = model
        apply(edit, to: &edited, &random)
        let (made, left, count, copies) = try compareCopying(
          edited.text, previous: previous, label: "seed \(seed) step \(step) \(edit)")
        taken[edit, default: 0] += count
        copied[edit, default: 0] += copies
        guard made != nil, let left else {
          failed[edit, default: 0] += 1
          continue
        }
        model = edited
        previous = left
      }
    }
    // The encodings copied the records of sections taken, wherever they now stand.
    for edit in [Edit.changeOne, .addOne, .header, .moveSection] {
      #expect(copied[edit, default: 0] > 0, "\(edit): \(copied)")
    }
    // The edits that leave sections as they were took them; the invalid edits failed.
    for edit in [Edit.changeOne, .addOne, .removeOne, .header, .moveSection] {
      #expect(taken[edit, default: 0] > 0, "\(edit): \(taken)")
    }
    #expect(failed[.invalid, default: 0] > 0, "\(failed)")
    #expect(failed[.duplicateAcross, default: 0] > 0, "\(failed)")
  }

  /// A duplicate key between a section taken and a changed one is reported as a full compile
  /// reports it, wherever the section taken now stands in the bytes.
  @Test func aDuplicateOfAKeyOfATakenSectionHasTheFullCompilesMessage() throws {
    let first =
      #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}]}, {"items": [{"key": "b", "type": "switch", "title": "B"}]}]}"#
    let second =
      #"{"id": "x", "title": "Longer", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}]}, {"items": [{"key": "a", "type": "switch", "title": "B"}]}]}"#
    let previous = try #require(try scan(first, reusing: nil).get()?.reusable)
    #expect(previous.sections.keys.sorted() == [0, 1])
    let (made, _) = try compare(second, previous: previous, label: "duplicate")
    #expect(made == nil)
    guard case .failure(.invalid(_, let issues)) = try scan(second, reusing: previous) else {
      Issue.record("no error")
      return
    }
    #expect(
      issues.map { "\($0.path): \($0.message)" } == [
        #"sections[1].items[0].key: duplicate key "a"; first used at sections[0].items[0].key (1:64)"#
      ])
  }

  /// A reload as ``SettingsWatch`` makes it (a version just written, compiled in memory): after one
  /// item of one section of 1 000 items changed, the compiler reads that section's 100 items, and
  /// the document and its values are those of a fresh open.
  @Test func aReloadAfterOneItemChangedCompilesOnlyItsSection() throws {
    func text(changing changed: Int?) -> String {
      let sections = (0..<10).map { section in
        let items = (0..<100).map { row in
          let number = section * 100 + row
          return
            #"{"key": "item-\#(number)", "type": "switch", "title": "Item \#(number)", "on": \#(number == changed)}"#
        }
        return #"{"header": "Section \#(section)", "items": [\#(items.joined(separator: ",\n"))]}"#
      }
      return #"{"id": "reload", "title": "Reload", "sections": [\#(sections.joined(separator: ",\n"))]}"#
        + "\n"
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(try directory.write("doc.json", text(changing: nil)))
    var options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "reload", keepsDocument: true)
    // Every version is too recent to cache, as a version just renamed into place is.
    options.racyWindow = Int64.max
    let count = ItemDecodeCount()
    options.itemCount = count
    let reuse = CompilationReuse()
    _ = try DocumentLoader.open(path, options: options, reusing: reuse)
    #expect(count.compiled == 1_000)
    _ = try directory.write("doc.json", text(changing: 456))
    let reloaded = try DocumentLoader.open(path, options: options, reusing: reuse)
    #expect(count.compiled == 1_100)
    #expect(count.compilerBuilt == 0)
    // A second change, in another section, takes the sections from the reload before.
    _ = try directory.write("doc.json", text(changing: 7))
    let again = try DocumentLoader.open(path, options: options, reusing: reuse)
    #expect(count.compiled == 1_300)

    var fresh = options
    fresh.itemCount = nil
    let expected = try DocumentLoader.open(path, options: fresh)
    #expect(again.document == expected.document)
    #expect(try again.documentWithAllItems() == expected.documentWithAllItems())
    #expect(
      SettingsSnapshot(document: again.document).allValues
        == SettingsSnapshot(document: expected.document).allValues)
    #expect(SettingsSnapshot(document: again.document).value(forKey: "item-7") == .bool(true))
    #expect(SettingsSnapshot(document: again.document).value(forKey: "item-456") == .bool(false))
    #expect(SettingsSnapshot(document: reloaded.document).value(forKey: "item-456") == .bool(true))
  }
}
