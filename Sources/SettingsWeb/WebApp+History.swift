import SettingsKit

extension WebApp {
  /// How the journal names a change made from the page (``WriteContext/how``), as `settings ui`
  /// names its own `ui`.
  package static let journalHow = "serve"
  /// The message of an undo made from the page, as `settings ui`'s `u` says `from settings ui`.
  package static let undoMessage = "from settings serve"
  /// The most entries `GET /api/history` gives (the journal keeps 1 000 by default).
  static let historyLimit = 1000

  /// Runs `body`, one change through the app's settings, journaled as made `how` with `message`,
  /// and returns its result. The change's own results name the journal entry it made
  /// (``SettingChange/journalSequence``, ``Settings/UndoResult/entry``).
  ///
  /// The page's writes take turns: the settings' ``Settings/writeContext`` is the app's own for the
  /// time of one write.
  ///
  /// - Throws: what `body` throws.
  func write<Result: Sendable>(
    how: String = journalHow, message: String? = nil, knowing keys: [String] = [],
    _ body: (Settings) throws(SettingsError) -> Result
  ) throws(SettingsError) -> Result {
    let result = try writing.withLock { _ throws(SettingsError) -> Result in
      // The handler looked up these keys' lines first (``settings(knowing:)`` answers a bad line
      // with its error); a line that went bad since leaves its key unknown.
      let settings = (try? self.settings(knowing: keys)) ?? self.settings
      settings.writeContext = WriteContext(how: how, message: message)
      return try body(settings)
    }
    // What the write left is what the events sent for the items files' keys it changed.
    rememberValues()
    return result
  }

  /// `GET /api/history[?limit=N]`: the journal's changes, newest first, as `settings history`
  /// lists them (values as it shows them, a secure field's masked, control characters escaped),
  /// at most `limit` (1 000); `more` when older ones were left out; `storeProblem`, why the store
  /// does not parse, when it does not (the entries are then the journal's as written).
  func historyResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let limit =
      try query.integer(
        "limit", in: 1...Self.historyLimit, expected: "a whole number from 1 to \(Self.historyLimit)")
      ?? Self.historyLimit
    let lastID = log.lastID
    do {
      // A store file that does not parse keeps its history: the journal as written, and why.
      let (entries, problem) = try settings.historyBesideAnyStore(limit: limit + 1)
      // Titles of items files' items too, their lines found by key.
      // A title whose line is bad is left out: the change is still listed by its key.
      let known = (try? view.settings(knowing: Set(entries.prefix(limit).flatMap(\.keys)))) ?? view.settings
      var members: [(String, JSONValue)] = [
        ("entries", .array(entries.prefix(limit).map { Self.historyJSON($0, known) })),
        ("more", .bool(entries.count > limit)), ("lastEventId", .integer(lastID)),
      ]
      if let problem { members.append(("storeProblem", .string(problem.message))) }
      return .json(.object(members))
    } catch {
      return Self.refusal(error)
    }
  }

  /// One entry for the History page: its number, time (`time` ISO 8601, `timeShown` as
  /// `settings history` prints it), who and how, the message, and each key's change with its
  /// item's title and the values as `settings history` shows them (and an element change of a
  /// list worded as it words it: `wording`).
  static func historyJSON(_ entry: JournalEntry, _ settings: Settings) -> JSONValue {
    let who = entry.context
    var pairs: [(String, JSONValue)] = [
      ("seq", .integer(entry.sequence)), ("time", .string(entry.time.description)),
      ("timeShown", .string(entry.time.shortDescription)), ("user", .string(TerminalText.escaped(who.user))),
      ("host", .string(TerminalText.escaped(who.host))),
      ("program", .string(TerminalText.escaped(who.program))),
      ("pid", .integer(who.pid)), ("how", .string(TerminalText.escaped(who.how))),
    ]
    if let message = who.message { pairs.append(("message", .string(TerminalText.escaped(message)))) }
    let changes = entry.keys.compactMap { key -> JSONValue? in
      guard let change = entry.changes[key] else { return nil }
      var fields: [(String, JSONValue)] = [("key", .string(TerminalText.escaped(key)))]
      if let title = settings.journalTitle(of: key) {
        fields.append(("title", .string(TerminalText.escaped(title))))
      }
      fields.append(
        ("before", .string(settings.journalValueText(change.before, of: key, secure: change.isSecure))))
      fields.append(
        ("after", .string(settings.journalValueText(change.after, of: key, secure: change.isSecure))))
      if change.isSecure { fields.append(("secure", .bool(true))) }
      if !change.changedSecrets.isEmpty {
        fields.append(("secrets", .array(change.changedSecrets.map { .string(TerminalText.escaped($0)) })))
      }
      // One element change of a list, worded as `settings history` words it.
      if let wording = settings.journalListWording(change, of: key) {
        fields.append(("wording", .string(wording)))
      }
      return .object(fields)
    }
    pairs.append(("changes", .array(changes)))
    return .object(pairs)
  }

  /// `POST /api/undo` with `{"entry": N}`: takes back journal entry N, as `settings undo N` does
  /// (refused when a key of it changed again since), journaled as `undo` with the message `from
  /// settings serve`. Answers the entries undone, the undo's own entry, each change with its item's
  /// title and the values as rows show them (control characters escaped, as the screen's `u` says
  /// them; an element change of a list also as `wording`), the changed rows, and the last event's
  /// number.
  func undoResponse(_ body: JSONValue, _ view: WebView) -> WebResponse {
    guard case .number(let text)? = body[member: "entry"]?.kind, let number = Int(text), number > 0 else {
      return .error(400, "\"entry\" must be a change number from the history, a whole number from 1")
    }
    do {
      // The entry's keys are looked up in the items files too.
      let keys = (try? settings.history())?.first { $0.sequence == number }?.keys ?? []
      let result = try write(how: "undo", message: Self.undoMessage, knowing: keys) {
        (settings) throws(SettingsError) in
        try settings.undo(.entry(number))
      }
      let known = (try? view.settings(knowing: result.changes.map(\.key))) ?? view.settings
      let snapshot = view.snapshot()
      var eventID = log.lastID
      var rows: [JSONValue] = []
      var changes: [JSONValue] = []
      for change in result.changes {
        eventID = log.appendChange(
          change.key, origin: "page", previous: change.oldValue, value: change.newValue)
        guard let item = try? known.item(change.key) else { continue }
        rows.append(WebRow.json(item, in: snapshot))
        var fields: [(String, JSONValue)] = [
          ("key", .string(change.key)), ("title", .string(item.title)),
          ("old", .string(TerminalText.escaped(WebRow.shown(change.oldValue, of: item)))),
          ("new", .string(TerminalText.escaped(WebRow.shown(change.newValue, of: item)))),
        ]
        // An element change of a list, worded as `settings undo` words it.
        if let written = result.journalChanges[change.key],
          let wording = settings.journalListWording(written, of: change.key)
        {
          fields.append(("wording", .string(wording)))
        }
        changes.append(.object(fields))
      }
      var pairs: [(String, JSONValue)] = [("undone", .array(result.undone.map(JSONValue.integer)))]
      if let entry = result.entry { pairs.append(("entry", .integer(entry))) }
      pairs += [("changes", .array(changes)), ("rows", .array(rows)), ("eventId", .integer(eventID))]
      return .json(.object(pairs))
    } catch {
      return Self.undoRefusal(Self.inLocale(of: view, error))
    }
  }

  /// The response for a refused undo: 409 when a key changed again since (the CLI's message; the
  /// page has no `--force`, so the hint points at the History page), 404 for an entry the journal
  /// does not keep, else as ``refusal(_:)``.
  static func undoRefusal(_ error: SettingsError) -> WebResponse {
    switch error {
    case .undoRefused(.changedLater):
      return .error(409, error.message, hint: "the History page shows both changes")
    case .undoRefused(.noSuchEntry):
      return .error(404, error.message, hint: "the History page lists the entries")
    default:
      return refusal(error)
    }
  }
}
