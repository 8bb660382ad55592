/// A document of `count` items in sections of 100 ("Section N", a footer on even sections):
/// item i is `item-i`, a switch, a right-detail item or a detail item with a subtitle in turn.
public func largeTestDocument(items count: Int) -> String {
  var sections: [String] = []
  for start in stride(from: 0, to: count, by: 100) {
    let number = start / 100 + 1
    var items: [String] = []
    for index in start..<min(count, start + 100) {
      switch index % 3 {
      case 0: items.append(#"{"key": "item-\#(index)", "type": "switch", "title": "Item \#(index)"}"#)
      case 1:
        items.append(
          #"{"key": "item-\#(index)", "type": "rightDetail", "title": "Item \#(index)", "rightDetail": "v\#(index)"}"#
        )
      default:
        items.append(
          #"{"key": "item-\#(index)", "type": "detailTitle", "title": "Item \#(index)", "subTitle": "About \#(index)"}"#
        )
      }
    }
    let footer = number % 2 == 0 ? #", "footer": "Footer \#(number)""# : ""
    sections.append(
      #"{"header": "Section \#(number)"\#(footer), "items": [\#(items.joined(separator: ", "))]}"#)
  }
  return #"{"id": "large", "title": "Large", "sections": [\#(sections.joined(separator: ",\n"))]}"#
}
