import SettingsKit

extension WebApp {
  /// `GET /api/list?key=K`: a list item's editor: its row, breadcrumb and page, what its elements
  /// are (a value's declaration, or a record's fields), its rules, and its elements as the page
  /// shows them. A secure field's text is never in it: a record says which secure fields hold one.
  func listResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let key = try query.required("key", expected: "a list item's key")
    let settings: Settings
    do { settings = try view.settings(knowing: [key]) } catch { return Self.failure(error) }
    do throws(SettingsError) {
      let located = try settings.locate(key)
      guard located.item.type == .list, located.item.list != nil else {
        throw .notAList(key: key, type: located.item.type)
      }
      let crumbs = (located.ancestors + [located.item]).map { item -> JSONValue in
        .object([("key", item.key.map(JSONValue.string) ?? .null), ("title", .string(item.title))])
      }
      var pairs = Self.listing(located.item, in: view.snapshot())
      pairs += [
        ("breadcrumb", .array([.object([("title", .string(settings.document.title))])] + crumbs)),
        ("page", located.ancestors.last?.key.map(JSONValue.string) ?? .null),
      ]
      return .json(.object(pairs))
    } catch {
      return Self.refusal(error)
    }
  }

  /// `POST /api/edit` with `{"key", "op", …}`: one element change of a list through
  /// ``Settings/edit(_:_:)``, one journal entry: `add` (`value`, optional `at`), `remove` (`at`),
  /// `move` (`from`, `to`), `replace` (`at`, `value`: an element given anew) and `set`
  /// (`at`, `fields`: a record's fields by key; a secure field left empty keeps its text). A value
  /// is JSON of the element's type or text as `settings add` reads a word; a record is an object of
  /// its fields. Positions count from 1. With `expect` (the elements' `shown` texts the page drew),
  /// 409 with the list now when they are no longer those. A member the operation does not take
  /// is refused (400, naming it).
  func listChangeResponse(_ body: JSONValue, _ view: WebView) -> WebResponse {
    guard case .string(let key)? = body[member: "key"]?.kind else {
      return .error(400, "\"key\" must be a string")
    }
    guard case .string(let name)? = body[member: "op"]?.kind else {
      return .error(400, "\"op\" must be one of add, remove, move, replace, set")
    }
    let known: Settings
    do { known = try view.settings(knowing: [key]) } catch { return Self.failure(error) }
    do throws(SettingsError) {
      let item = try known.item(key)
      guard item.type == .list, let list = item.list else { throw .notAList(key: key, type: item.type) }
      let fullKey = item.key ?? key
      let operations: [ListOperation]
      switch Self.operations(name, body, list: list, key: fullKey, settings: known) {
      case .success(let made): operations = made
      case .failure(.request(let message)): return .error(400, message)
      case .failure(.refused(let error)): throw error
      }
      var expected: [String]?
      if let expect = body[member: "expect"] {
        guard case .array(let texts) = expect.kind else {
          return .error(400, "\"expect\" must be the elements' shown texts")
        }
        expected = texts.compactMap { if case .string(let text) = $0.kind { text } else { nil } }
      }
      // The elements the page drew are compared with the list under the store's lock, in the page's words.
      let matches: (([SettingValue]) -> Bool)? = expected.map { texts in
        { elements in elements.map { Self.shownText($0, in: list).shown } == texts }
      }
      let outcome = try write(knowing: [fullKey]) { (settings) throws(SettingsError) in
        try settings.edit(fullKey, operations, expecting: matches)
      }
      let snapshot = view.snapshot()
      let shown = (try? known.item(fullKey)) ?? item
      guard case .written(let change) = outcome else {
        var pairs: [(String, JSONValue)] = [("error", .string("changed elsewhere"))]
        pairs += Self.listing(shown, in: snapshot)
        return .json(.object(pairs), status: 409)
      }
      var eventID = log.lastID
      if let change {
        eventID = log.appendChange(
          change.key, origin: "page", previous: change.oldValue, value: change.newValue)
      }
      var pairs = Self.listing(shown, in: snapshot)
      pairs.append(("eventId", .integer(eventID)))
      if let entry = change?.journalSequence { pairs.append(("entry", .integer(entry))) }
      return .json(.object(pairs))
    } catch {
      return Self.refusal(Self.inLocale(of: view, error))
    }
  }

  /// Why a list change's body gives no operations: a malformed request (400), or a value the
  /// list refuses (the engine's error).
  enum ListRequestProblem: Error {
    case request(String)
    case refused(SettingsError)
  }

  /// The operations the body of `POST /api/edit` asks for.
  static func operations(
    _ name: String, _ body: JSONValue, list: SettingList, key: String, settings: Settings
  ) -> Result<[ListOperation], ListRequestProblem> {
    func position(_ member: String) -> Int? {
      guard case .number(let text)? = body[member: member]?.kind else { return nil }
      return Int(text)
    }
    func element() -> Result<SettingValue, ListRequestProblem> {
      guard let json = body[member: "value"] else { return .failure(.request("\"value\" is missing")) }
      do throws(SettingsError) {
        let words: [String]
        if list.holdsRecords {
          guard case .object(let members) = json.kind else {
            return .failure(.request("\"value\" must be an object of the record's fields"))
          }
          var fieldWords: [String] = []
          for member in members {
            guard let text = Self.word(member.value) else {
              return .failure(.request("field \"\(member.name)\" must be a string, number or bool"))
            }
            fieldWords.append(member.name + "=" + text)
          }
          words = fieldWords
        } else {
          guard let text = Self.word(json) else {
            return .failure(.request("\"value\" must be a string, number or bool"))
          }
          words = [text]
        }
        guard let value = try settings.listElements(words: words, for: key).first else {
          return .failure(.request("\"value\" gives no element"))
        }
        return .success(value)
      } catch {
        return .failure(.refused(error))
      }
    }
    if let members = members(of: name), case .object(let given) = body.kind,
      let unknown = given.first(where: { !members.contains($0.name) })
    {
      let known = members.map { "\"\($0)\"" }
      return .failure(
        .request(
          "unknown member \"\(unknown.name)\": \"\(name)\" takes "
            + known.dropLast().joined(separator: ", ") + " and " + (known.last ?? "")))
    }
    switch name {
    case "add":
      if body[member: "at"] != nil && position("at") == nil {
        return .failure(.request("\"at\" must be a position from 1"))
      }
      return element().map { [.add($0, at: position("at"))] }
    case "remove":
      guard let at = position("at") else { return .failure(.request("\"at\" must be a position from 1")) }
      return .success([.remove(at: at)])
    case "move":
      guard let from = position("from"), let to = position("to") else {
        return .failure(.request("\"from\" and \"to\" must be positions from 1"))
      }
      return .success([.move(from: from, to: to)])
    case "replace":
      guard let at = position("at") else { return .failure(.request("\"at\" must be a position from 1")) }
      guard !list.holdsRecords else {
        return .failure(.request("a record's fields are changed with \"set\""))
      }
      return element().map { [.replace(at: at, with: $0)] }
    case "set":
      guard let at = position("at") else { return .failure(.request("\"at\" must be a position from 1")) }
      guard case .object(let members)? = body[member: "fields"]?.kind else {
        return .failure(.request("\"fields\" must be an object of the record's fields"))
      }
      var made: [ListOperation] = []
      for member in members {
        guard let text = Self.word(member.value) else {
          return .failure(.request("field \"\(member.name)\" must be a string, number or bool"))
        }
        // A secure field is never sent to the page: left empty, it keeps its text.
        if text.isEmpty, list.field(member.name)?.securesValue == true { continue }
        do throws(SettingsError) {
          made.append(try settings.fieldOperation(key, index: at, field: member.name, word: text))
        } catch {
          return .failure(.refused(error))
        }
      }
      return .success(made)
    default:
      return .failure(.request("\"op\" must be one of add, remove, move, replace, set"))
    }
  }

  /// The members a body of `POST /api/edit` may have for the operation `name` (nil for an
  /// operation there is not): any other is refused, so that a misspelt one is not ignored.
  static func members(of name: String) -> [String]? {
    let given: [String]? =
      switch name {
      case "add": ["value", "at"]
      case "remove": ["at"]
      case "move": ["from", "to"]
      case "replace": ["at", "value"]
      case "set": ["at", "fields"]
      default: nil
      }
    return given.map { ["key", "op"] + $0 + ["expect"] }
  }

  /// A JSON value as the word `settings add` reads: a string as it is, a number's text, a bool
  /// as `true` or `false`; nil for anything else.
  static func word(_ json: JSONValue) -> String? {
    switch json.kind {
    case .string(let text): text
    case .number(let text): text
    case .bool(let flag): flag ? "true" : "false"
    default: nil
    }
  }

  /// The members of a list's editor: its row, its declaration and its elements as the page shows
  /// them (``listResponse(_:_:)``).
  static func listing(_ item: SettingItem, in snapshot: SettingsSnapshot) -> [(String, JSONValue)] {
    guard let list = item.list else { return [("row", WebRow.json(item, in: snapshot))] }
    var pairs: [(String, JSONValue)] = [
      ("key", item.key.map(JSONValue.string) ?? .null), ("row", WebRow.json(item, in: snapshot)),
    ]
    if let fields = list.fields {
      pairs.append(("kind", .string("records")))
      pairs.append(("fields", .array(fields.map(declaration))))
      if let title = list.titleField { pairs.append(("titleField", .string(title))) }
      if let subtitle = list.subtitleField { pairs.append(("subtitleField", .string(subtitle))) }
    } else {
      pairs.append(("kind", .string("values")))
      if let element = list.element { pairs.append(("element", declaration(element))) }
    }
    if let minimum = list.minCount { pairs.append(("minCount", .integer(minimum))) }
    if let maximum = list.maxCount { pairs.append(("maxCount", .integer(maximum))) }
    let elements = elements(of: item, in: snapshot)
    pairs.append(("elements", .array(elements.map { element(shown: $0, in: list) })))
    return pairs
  }

  /// The elements of the list `item` now (none when it holds no list value).
  static func elements(of item: SettingItem, in snapshot: SettingsSnapshot) -> [SettingValue] {
    guard case .list(let elements)? = snapshot.value(of: item).value else { return [] }
    return elements
  }

  /// An element's title and subtitle as its row shows them: a value as its row would; a record's
  /// title field and subtitle field (each other field as `field=value` when it has no title field).
  static func shownText(_ element: SettingValue, in list: SettingList) -> (shown: String, subtitle: String?) {
    guard case .record(let values) = element else {
      return (ValueRules.text(of: element, forRow: list.element, style: .page), nil)
    }
    func text(_ field: String?) -> String? {
      guard let field, let value = values[field] else { return nil }
      return ValueRules.text(of: value, forRow: list.field(field), style: .page)
    }
    let title =
      text(list.titleField)
      ?? ValueRules.elementParts(element, in: list, style: .page).joined(separator: ", ")
    return (title, text(list.subtitleField))
  }

  /// One element as the editor draws it: `shown` (and `subtitle`), a value's JSON `value`, a
  /// record's `fields` without its secure ones, and `secureSet`, the secure fields that hold text.
  static func element(shown element: SettingValue, in list: SettingList) -> JSONValue {
    let (shown, subtitle) = shownText(element, in: list)
    var pairs: [(String, JSONValue)] = [("shown", .string(shown))]
    if let subtitle { pairs.append(("subtitle", .string(subtitle))) }
    guard case .record(let values) = element else {
      pairs.append(("value", element.json))
      return .object(pairs)
    }
    var fields: [(String, JSONValue)] = []
    var secureSet: [JSONValue] = []
    for field in list.fields ?? [] {
      guard let key = field.key, let value = values[key] else { continue }
      if field.securesValue {
        if value != .string("") { secureSet.append(.string(key)) }
      } else {
        fields.append((key, value.json))
      }
    }
    pairs += [("fields", .object(fields)), ("secureSet", .array(secureSet))]
    return .object(pairs)
  }

  /// A list's element or record field as its editor's input needs it: key, type, title, choices,
  /// limits, and the default of a field that is not secure.
  static func declaration(_ field: SettingItem) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let key = field.key { pairs.append(("key", .string(key))) }
    pairs.append(("type", .string(field.type.rawValue)))
    pairs.append(("title", .string(field.title)))
    pairs += WebRow.inputMembers(of: field)
    if !field.securesValue, let value = field.shippedValue { pairs.append(("default", value.json)) }
    return .object(pairs)
  }
}
