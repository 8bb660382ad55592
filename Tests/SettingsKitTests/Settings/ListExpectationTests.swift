import TestSupport
import Testing

@testable import SettingsKit

/// ``Settings/edit(_:_:expecting:)``: an element change made only while the list is still the one
/// a page showed, compared and written in one update of the store.
struct ListExpectationTests {
  @Test func theChangeIsMadeOnlyWhileTheListIsTheOneExpected() throws {
    let store = MemoryStore()
    let settings = Settings(document: ListOperationTests.document, store: store)
    let dns = ListOperationTests.strings
    let written = try settings.edit(
      "dns", [.add(.string("9.9.9.9"), at: nil)], expecting: { $0 == dns("1.1.1.1") })
    #expect(
      written
        == .written(
          SettingChange(
            key: "dns", oldValue: .list(dns("1.1.1.1")), newValue: .list(dns("1.1.1.1", "9.9.9.9")))))
    // The page still shows one element: nothing is written, and the answer is the list now.
    let stale = try settings.edit("dns", [.remove(at: 1)], expecting: { $0 == dns("1.1.1.1") })
    #expect(stale == .conflict(current: .list(dns("1.1.1.1", "9.9.9.9"))))
    #expect(try store.read().values == ["dns": .array([.string("1.1.1.1"), .string("9.9.9.9")])])
    // Refusals come first, as without an expectation.
    #expect(throws: SettingsError.notAList(key: "airplane", type: .switch)) {
      try settings.edit("airplane", [.remove(at: 1)], expecting: { _ in false })
    }
    #expect(try settings.edit("dns", [.move(from: 1, to: 1)], expecting: { _ in true }) == .written(nil))
  }
}
