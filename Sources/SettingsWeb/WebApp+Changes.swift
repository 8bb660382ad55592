import SettingsKit

extension WebApp {
  /// `POST /api/set` with `{"key", "value", "expect"}`: one key, through the same calls as
  /// `settings set`; 409 with the current value when it is no longer `expect`.
  func setResponse(_ body: JSONValue, _ view: WebView) -> WebResponse {
    guard case .string(let key)? = body[member: "key"]?.kind else {
      return .error(400, "\"key\" must be a string")
    }
    guard let json = body[member: "value"] else { return .error(400, "\"value\" is missing") }
    // Read in the page's locale, so a refusal is in the page's words (a pattern's message, a
    // condition's titles), not the server's; written through the app's settings, as every write.
    let known: Settings
    do { known = try view.settings(knowing: [key]) } catch { return Self.failure(error) }
    do {
      let item = try known.item(key)
      let fullKey = item.key ?? key
      let value = try Self.value(json, for: item, key: fullKey, settings: known)
      let change: SettingChange?
      if let expectJSON = body[member: "expect"] {
        guard let expected = Self.plainValue(expectJSON) else {
          return .error(400, "\"expect\" is not a value")
        }
        let outcome = try write(knowing: [fullKey]) { (settings) throws(SettingsError) in
          try settings.set(fullKey, to: value, expecting: expected)
        }
        switch outcome {
        case .written(let written): change = written
        case .conflict(let current):
          let snapshot = view.snapshot()
          let item = (try? known.item(fullKey)) ?? item
          var pairs: [(String, JSONValue)] = [("error", .string("changed elsewhere"))]
          if !item.isSecure { pairs.append(("current", current.json)) }
          pairs.append(("currentShown", .string(WebRow.shown(current, of: item))))
          pairs.append(("row", WebRow.json(item, in: snapshot)))
          return .json(.object(pairs), status: 409)
        }
      } else {
        change = try write(knowing: [fullKey]) { (settings) throws(SettingsError) in
          try settings.set(fullKey, to: value)
        }
      }
      let snapshot = view.snapshot()
      var eventID = log.lastID
      if let change {
        eventID = log.appendChange(
          change.key, origin: "page", previous: change.oldValue, value: change.newValue)
      }
      let shown = (try? known.item(fullKey)) ?? item
      var pairs: [(String, JSONValue)] = [
        ("row", WebRow.json(shown, in: snapshot)), ("eventId", .integer(eventID)),
      ]
      if let entry = change?.journalSequence { pairs.append(("entry", .integer(entry))) }
      return .json(.object(pairs))
    } catch {
      return Self.refusal(Self.inLocale(of: view, error))
    }
  }

  /// `error` in the words of `view`'s locale: a disabled item's reason names the controlling
  /// item by its title there. Other refusals are already in that locale, or in none.
  static func inLocale(of view: WebView, _ error: SettingsError) -> SettingsError {
    guard case .disabled(let key, let reason, let controllingKey, let changedHere) = error,
      let item = try? (try? view.settings(knowing: [key]))?.item(key)
    else { return error }
    let localized = view.snapshot().state(of: item).disabledReason ?? reason
    return .disabled(key: key, reason: localized, controllingKey: controllingKey, changedHere: changedHere)
  }

  /// `POST /api/reset` with `{"key"}` or `{"all": true}`, as `settings reset`.
  func resetResponse(_ body: JSONValue, _ view: WebView) -> WebResponse {
    do {
      let resetsAll = body[member: "all"]?.kind == .bool(true)
      var keys: [String] = []
      if case .string(let key)? = body[member: "key"]?.kind { keys = [key] }
      guard resetsAll || !keys.isEmpty else { return .error(400, "give \"key\" (a string) or \"all\": true") }
      // A reset of everything reports the items files' stored keys too: their items are looked up.
      let stored = resetsAll ? ((try? settings.store.read()).map { Array($0.values.keys) } ?? []) : keys
      let changes = try write(knowing: stored) { (settings) throws(SettingsError) -> [SettingChange] in
        try resetsAll ? settings.resetAll() : settings.reset(keys)
      }
      let snapshot = view.snapshot()
      let known = (try? view.settings(knowing: changes.map(\.key) + keys)) ?? view.settings
      var eventID = log.lastID
      var rows: [JSONValue] = []
      for change in changes {
        eventID = log.appendChange(
          change.key, origin: "page", previous: change.oldValue, value: change.newValue)
        if let item = try? known.item(change.key) { rows.append(WebRow.json(item, in: snapshot)) }
      }
      // A reset that removed only a value the item did not accept changes no value, but the row
      // loses its storedProblem.
      if case .string(let key)? = body[member: "key"]?.kind, !changes.contains(where: { $0.key == key }),
        let item = try? known.item(key)
      {
        rows.append(WebRow.json(item, in: snapshot))
      }
      var pairs: [(String, JSONValue)] = [("rows", .array(rows)), ("eventId", .integer(eventID))]
      if let entry = changes.first?.journalSequence { pairs.append(("entry", .integer(entry))) }
      return .json(.object(pairs))
    } catch {
      return Self.refusal(error)
    }
  }

  /// `POST /api/reveal` with `{"key"}`: a secure text field's value.
  func revealResponse(_ body: JSONValue, _ view: WebView) -> WebResponse {
    guard case .string(let key)? = body[member: "key"]?.kind else {
      return .error(400, "\"key\" must be a string")
    }
    let known: Settings
    do { known = try settings(knowing: [key]) } catch { return Self.failure(error) }
    do {
      let item = try known.item(key)
      guard item.isSecure, item.type == .textField else {
        return .error(422, "'\(key)' is not a secure text field")
      }
      let value = snapshot().value(of: item).value
      return .json(.object([("key", .string(item.key ?? key)), ("value", value?.json ?? .string(""))]))
    } catch {
      return Self.refusal(error)
    }
  }

  /// The value a page sent for `item`: JSON of the item's type, or a string read as `settings set`
  /// reads its VALUE (a switch word, a choice's value or title, a number's text).
  static func value(_ json: JSONValue, for item: SettingItem, key: String, settings: Settings)
    throws(SettingsError)
    -> SettingValue
  {
    if case .string(let text) = json.kind, item.type != .textField {
      return try settings.parseValue(text, for: key)
    }
    guard let value = plainValue(json) else {
      throw .invalidValue(key: key, value: String(JSONWriter().line(json).dropLast()), accepted: [])
    }
    return value
  }

  /// A JSON value as a setting's value: a bool, a string, a number or an array of strings.
  static func plainValue(_ json: JSONValue) -> SettingValue? {
    switch json.kind {
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    case .number(let text): return ExactDecimal(text).map(SettingValue.number)
    case .array(let elements):
      var values: [String] = []
      for element in elements {
        guard case .string(let text) = element.kind else { return nil }
        values.append(text)
      }
      return .strings(values)
    default: return nil
    }
  }
}
