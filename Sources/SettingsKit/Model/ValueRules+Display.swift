/// How ``ValueRules/text(of:for:style:)`` words a value: what tells the command line's, the
/// screens' and the page's wordings apart. The default is `settings get`'s (`on`, `off`, the text,
/// the number, chosen values joined with `,`).
package struct ValueStyle: Sendable, Equatable {
  /// How a choice's value is worded.
  package enum ChoiceWords: Sendable, Equatable {
    /// The value itself (`5g`).
    case value
    /// The choice's title (`5 GHz`), as a row shows it.
    case title
    /// The value and its title (`5g (5 GHz)`), as `describe` shows it.
    case valueAndTitle
    /// The value and its title when the title differs, as `why` shows it; else as `.value`.
    case valueAndOtherTitle
    /// As `.valueAndOtherTitle`, with the value in quotes when it could be misread
    /// (``ValueRules/unambiguous(_:)``), as the history shows it.
    case unambiguousValueAndOtherTitle
  }

  /// A switch's state as `On`/`Off` (the page) rather than `on`/`off`.
  package var capitalizesSwitch = false
  /// A secure text field's text as it is rather than ``ValueRules/mask``.
  package var reveal = false
  /// Whether the value is a secure text field's; nil: as the item says (``SettingItem/isSecure``).
  package var isSecure: Bool?
  /// A number followed by its item's unit (`30 min`).
  package var withUnit = false
  /// A text value of an item with choices.
  package var choice = ChoiceWords.value
  /// Each of a multiple choice item's chosen values; other than `.value`, joined with `, `.
  package var chosen = ChoiceWords.value
  /// An empty text in these words (`empty`), before any choice is looked up; nil: as `unambiguous`
  /// says.
  package var emptyText: String?
  /// A list as the count of its elements (`3 items`), as a row shows it.
  package var countsElements = false
  /// Never a blank or a text that could be read as something else: an empty text as
  /// ``ValueRules/emptyText``, no choice as `none`, and a text that could be misread in quotes
  /// (``ValueRules/unambiguous(_:)``).
  package var unambiguous = false

  /// A style; every part defaults to `settings get`'s wording.
  package init(
    capitalizesSwitch: Bool = false, reveal: Bool = false, isSecure: Bool? = nil, withUnit: Bool = false,
    choice: ChoiceWords = .value, chosen: ChoiceWords = .value, emptyText: String? = nil,
    unambiguous: Bool = false, countsElements: Bool = false
  ) {
    self.countsElements = countsElements
    self.capitalizesSwitch = capitalizesSwitch
    self.reveal = reveal
    self.isSecure = isSecure
    self.withUnit = withUnit
    self.choice = choice
    self.chosen = chosen
    self.emptyText = emptyText
    self.unambiguous = unambiguous
  }

  /// As a row of the screen shows a value: a choice by its title, chosen titles joined with `, `,
  /// a secure text field's text masked.
  package static let row = ValueStyle(choice: .title, chosen: .title, countsElements: true)

  /// As the page shows a value (the API's `shown`): as ``row``, with `On`/`Off` and a number's unit.
  package static let page = ValueStyle(
    capitalizesSwitch: true, withUnit: true, choice: .title, chosen: .title, countsElements: true)

  /// As `list` and `show` print a value: a secure text field's text masked unless `reveal`.
  package static func listed(reveal: Bool) -> ValueStyle { ValueStyle(reveal: reveal) }

  /// As `describe`, `why`, `history` and `undo` word a value: as ``listed(reveal:)``, and
  /// ``unambiguous``.
  package static func described(reveal: Bool) -> ValueStyle { ValueStyle(reveal: reveal, unambiguous: true) }
}

extension ValueRules {
  /// An empty text as `describe` and `why` show it, so that it is not a blank.
  package static let emptyText = "\"\" (empty)"

  /// What ``described(_:of:reveal:)`` and the history write for something that is not a value: no
  /// override (`(default)`) and no choice of a multiple choice item (`none`).
  package static let markers: Set<String> = ["(default)", "none"]

  /// `value` as a person reads it, worded as `style` says: the one formatter of values behind
  /// ``SettingValue/description``, the command line, the screens, the history, etcd's messages and
  /// the page (through the API's `shown`). `item` gives the choices' titles, the unit and whether
  /// the value is secret; without it a value is worded as ``SettingValue/description``.
  package static func text(
    of value: SettingValue, for item: SettingItem? = nil, style: ValueStyle = ValueStyle()
  ) -> String {
    text(of: value, forRow: item, style: style)
  }

  /// ``text(of:for:style:)`` for any item's fields (a decoded item's, or a row's read from the
  /// compiled form).
  package static func text<Row: RowFields>(of value: SettingValue, forRow item: Row?, style: ValueStyle)
    -> String
  {
    switch value {
    case .bool(let flag):
      return style.capitalizesSwitch ? (flag ? "On" : "Off") : (flag ? "on" : "off")
    case .number(let number):
      if style.withUnit, let unit = item?.unit { return "\(number) \(unit)" }
      return number.description
    case .string(let text):
      if text.isEmpty, let words = style.emptyText { return words }
      if let item, let choice = item.choosing(text),
        let words = worded(text, choice.title, style.choice)
      {
        return words
      }
      if text.isEmpty { return style.unambiguous ? emptyText : "" }
      if style.isSecure ?? item?.securesValue ?? false { return style.reveal ? text : mask }
      return style.unambiguous ? unambiguous(text) : text
    case .strings(let values):
      if values.isEmpty, style.unambiguous { return "none" }
      if style.chosen != .value, let item {
        return values.map { value in
          item.choosing(value).flatMap { worded(value, $0.title, style.chosen) } ?? value
        }.joined(separator: ", ")
      }
      if style.unambiguous, values.contains(where: { unambiguous($0) != $0 || $0.contains(",") }) {
        return values.map { $0.contains(",") ? quoted($0) : unambiguous($0) }.joined(separator: ",")
      }
      return values.joined(separator: ",")
    case .list(let elements):
      if style.countsElements { return countText(elements.count) }
      if elements.isEmpty { return "none" }
      // One line; `get` prints one element a line instead (``lines(of:for:)``).
      let words = elements.map { elementText($0, in: item?.list, style: style) }
      return style.unambiguous ? "[" + words.joined(separator: ", ") + "]" : words.joined(separator: ", ")
    case .record:
      return elementText(value, in: item?.list, style: style)
    }
  }

  /// A choice's value and title as `words` says, or nil to word the value as any text.
  private static func worded(_ value: String, _ title: String, _ words: ValueStyle.ChoiceWords) -> String? {
    switch words {
    case .value: nil
    case .title: title
    case .valueAndTitle: "\(value) (\(title))"
    case .valueAndOtherTitle: title == value ? nil : "\(value) (\(title))"
    case .unambiguousValueAndOtherTitle: title == value ? nil : "\(unambiguous(value)) (\(title))"
    }
  }

  /// `value` as `describe`, `why`, `history`, `undo` and the screens show it
  /// (``ValueStyle/described(reveal:)``): as ``shown(_:of:reveal:)``, an empty text as
  /// ``emptyText``, and no choice of a multiple choice item as `none`: never a blank. A text or
  /// choice that could be read as something else (one of the ``markers``, white space at either
  /// end, a leading quote, a comma in one of several choices) is in quotes, so that `"(default)"`
  /// is a value and `(default)` is none.
  package static func described(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> String {
    text(of: value, for: item, style: .described(reveal: reveal))
  }

  /// `text`, or `text` in quotes (`quoted(_:)`) when it could be read as something other than this
  /// one text: empty, one of the `markers`, white space at either end, a quote, a backslash or a
  /// control character anywhere, the `mask`, or an arrow (`→`, `->`) that a change line puts
  /// between two values.
  package static func unambiguous(_ text: String) -> String {
    guard let first = text.first, let last = text.last, !markers.contains(text), !first.isWhitespace,
      !last.isWhitespace, !text.contains(mask), !text.contains("→"), !text.contains("->"),
      !text.unicodeScalars.contains(where: {
        $0 == "\"" || $0 == "\\" || $0.properties.generalCategory == .control
      })
    else { return quoted(text) }
    return text
  }

  /// `text` in quotes, a quote and a backslash in it escaped with a backslash; a control character
  /// is left to `TerminalText.escaped(_:)` (`\u{1B}`), which every caller applies to what it shows.
  private static func quoted(_ text: String) -> String {
    var output = "\""
    for character in text.unicodeScalars {
      if character == "\"" || character == "\\" { output.unicodeScalars.append("\\") }
      output.unicodeScalars.append(character)
    }
    return output + "\""
  }

  /// The value as `list` and `show` print it (``ValueStyle/listed(reveal:)``): a secure text
  /// field's value is the fixed ``mask`` (empty stays empty) unless `reveal`; otherwise
  /// ``SettingValue/description``.
  package static func shown(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> String {
    text(of: value, for: item, style: .listed(reveal: reveal))
  }

  /// The value as JSON, masked as ``shown(_:of:reveal:)`` masks it.
  package static func json(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> JSONValue {
    if item.type == .list { return maskedJSON(value, in: item.list, reveal: reveal) }
    if item.isSecure, !reveal, case .string(let text) = value, !text.isEmpty { return .string(mask) }
    return value.json
  }

  /// An item's limits in short words for `list`'s TYPE column: `from 0 to 100, step 5, unit %`,
  /// `at most 20 characters, pattern [a-z]+, secure`, `multiple`; empty for items without any.
  package static func limits<Row: RowFields>(of item: Row) -> [String] {
    var words: [String] = []
    switch (item.min, item.max) {
    case (let minimum?, let maximum?): words.append("from \(minimum) to \(maximum)")
    case (let minimum?, nil): words.append("at least \(minimum)")
    case (nil, let maximum?): words.append("at most \(maximum)")
    case (nil, nil): break
    }
    if let step = item.step { words.append("step \(step)") }
    if let unit = item.unit { words.append("unit \(unit)") }
    if let maximum = item.maxLength { words.append("at most \(maximum) characters") }
    if let pattern = item.pattern { words.append("pattern \(pattern)") }
    if item.securesValue { words.append("secure") }
    if item.isMultipleChoice { words.append("multiple") }
    return words
  }

  /// The value-type fields of `item` as JSON members, with the document's field names.
  package static func limitMembers<Row: RowFields>(of item: Row) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = []
    if let minimum = item.min { pairs.append(("min", JSONValue(.number(minimum.description)))) }
    if let maximum = item.max { pairs.append(("max", JSONValue(.number(maximum.description)))) }
    if item.type == .number || item.type == .slider {
      pairs.append(("step", JSONValue(.number(step(of: item).description))))
    }
    if let unit = item.unit { pairs.append(("unit", .string(unit))) }
    if let maximum = item.maxLength { pairs.append(("maxLength", .integer(maximum))) }
    if let pattern = item.pattern { pairs.append(("pattern", .string(pattern))) }
    if let message = item.patternMessage { pairs.append(("patternMessage", .string(message))) }
    if let placeholder = item.placeholder { pairs.append(("placeholder", .string(placeholder))) }
    if item.securesValue { pairs.append(("secure", .bool(true))) }
    if item.isMultipleChoice { pairs.append(("multiple", .bool(true))) }
    return pairs
  }
}
