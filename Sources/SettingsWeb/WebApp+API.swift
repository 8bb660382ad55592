import SettingsKit

extension WebApp {
  /// `GET /api/document`.
  func documentResponse(_ view: WebView) -> WebResponse {
    let (storeError, documentError) = state.withLock { ($0.storeError, $0.documentError) }
    let document = view.settings.document
    return .json(
      .object([
        ("id", .string(document.id)), ("title", .string(document.title)),
        ("version", .integer(document.version)),
        ("lang", .string(view.language)), ("dir", .string(view.direction)),
        ("port", .integer(Int(configuration.port))),
        ("storeError", storeError.map(JSONValue.string) ?? .null),
        ("documentError", documentError.map(JSONValue.string) ?? .null),
        ("lastEventId", .integer(log.lastID)),
      ]))
  }

  /// The sections of the page `key` (nil: the top page), with its title, breadcrumb and whether
  /// its sections may have items files; nil when no item `key` opens a page.
  func page(_ key: String?, settings: Settings) -> (
    sections: [SettingSection], title: String, breadcrumb: [JSONValue], isTop: Bool
  )? {
    let document = settings.document
    let top = JSONValue.object([("title", .string(document.title))])
    guard let key else { return (document.sections, document.title, [top], true) }
    guard let located = try? settings.locate(key), let page = located.item.page else { return nil }
    let crumbs = (located.ancestors + [located.item]).map { item -> JSONValue in
      .object([("key", item.key.map(JSONValue.string) ?? .null), ("title", .string(item.title))])
    }
    return (page.sections, located.item.title, [top] + crumbs, false)
  }

  /// The table of a page's sections, every collapsible section open, paginated sections on the
  /// pages asked for.
  func table(
    _ sections: [SettingSection], isTop: Bool, snapshot: SettingsSnapshot, itemsFiles: [Int: ItemsFile],
    pages: [Int: SettingsTable.Pages] = [:]
  ) throws(DocumentError) -> SettingsTable {
    var viewState = ViewState()
    for (index, section) in sections.enumerated() where section.isCollapsible {
      viewState.expanded[ViewState.name(of: section, at: index)] = true
    }
    let files = isTop ? itemsFiles : [:]
    return try SettingsTable(
      sections: sections, snapshot: snapshot, viewState: viewState, itemsFiles: files, pages: pages)
  }

  /// The rows of one section of a table.
  func rows(_ table: SettingsTable, section: Int) -> [JSONValue] {
    // The rows of a section read on demand come from its compiled records, read at once.
    let rows = table.isExpanded(section) ? table.compiledRows(inSection: section) : nil
    return (0..<table.numberOfRows(inSection: section)).compactMap { row in
      WebRow.json(table, at: TableIndexPath(row: row, section: section), rows: rows)
    }
  }

  /// How many rows `/api/page` sends before it defers the sections after them: a deferred section
  /// comes with its header, footer and row count, and `/api/section` gives its rows when the page
  /// scrolls near it, as UITableView asks its data source only for the rows on screen. A page of
  /// 100 000 rows is then decoded as it is read. The section that reaches the count is sent whole.
  static let pageRowBudget = 200

  /// How many item rows section `index` of `table` shows: a paginated section's first page, a
  /// collapsible section's rows without its title row; known without decoding rows read on demand.
  func shownItemCount(_ table: SettingsTable, section index: Int) -> Int {
    if table.section(index).effectivePageSize != nil { return table.pagination(ofSection: index).shown }
    return table.numberOfRows(inSection: index) - (table.section(index).isCollapsible ? 1 : 0)
  }

  /// `GET /api/page[?key=K][&focus=KEY]`: the page's sections, those after the first
  /// ``pageRowBudget`` rows deferred, except the one that shows the row of `focus`.
  func pageResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let key = query["key"].flatMap { $0.isEmpty ? nil : $0 }
    return withTable(ofPage: key, view) { page, table, lastID in
      pageJSON(key, page: page, table: table, lastID: lastID, focus: query["focus"])
    }
  }

  /// The page `key` (nil: the top page) of `view` and its table with the values now, given to
  /// `body` with the last event's id read before the values: 404 when no item `key` opens a page,
  /// 500 when an items file cannot be read.
  func withTable(
    ofPage key: String?, _ view: WebView,
    _ body: (_ page: (title: String, breadcrumb: [JSONValue]), SettingsTable, _ lastID: Int) -> WebResponse
  ) -> WebResponse {
    guard let page = page(key, settings: view.settings) else {
      return .error(404, "no page '\(key ?? "")': no item with that key opens a child page")
    }
    let lastID = log.lastID
    let table: SettingsTable
    do {
      table = try self.table(
        page.sections, isTop: page.isTop, snapshot: view.snapshot(), itemsFiles: view.itemsFiles)
    } catch {
      return .error(500, error.message)
    }
    return body((page.title, page.breadcrumb), table, lastID)
  }

  /// The answer of `/api/page` for the page `key` drawn as `table`.
  func pageJSON(
    _ key: String?, page: (title: String, breadcrumb: [JSONValue]), table: SettingsTable, lastID: Int,
    focus: String?
  ) -> WebResponse {
    let focused = focus.flatMap { table.indexPath(ofKey: $0)?.section }
    var sections: [JSONValue] = []
    var sent = 0
    for index in 0..<table.numberOfSections {
      let spec = table.section(index)
      var pairs: [(String, JSONValue)] = [("index", .integer(index))]
      if let id = spec.id { pairs.append(("id", .string(id))) }
      if let header = spec.header { pairs.append(("header", .string(header))) }
      if let footer = spec.footer { pairs.append(("footer", .string(footer))) }
      let count = shownItemCount(table, section: index)
      if sent >= Self.pageRowBudget, index != focused {
        pairs += [("deferred", .bool(true)), ("itemCount", .integer(count))]
      } else {
        pairs.append(("items", .array(rows(table, section: index))))
        pairs += pagination(table, section: index)
        sent += count
      }
      sections.append(.object(pairs))
    }
    var pairs: [(String, JSONValue)] = []
    if let key { pairs.append(("key", .string(key))) }
    pairs += [
      ("title", .string(page.title)), ("breadcrumb", .array(page.breadcrumb)), ("sections", .array(sections)),
      ("lastEventId", .integer(lastID)),
    ]
    return .json(.object(pairs))
  }

  /// `pageSize`, `total`, `offset` and `remaining` of a paginated section; none for another.
  func pagination(_ table: SettingsTable, section index: Int) -> [(String, JSONValue)] {
    guard let pageSize = table.section(index).effectivePageSize else { return [] }
    let pagination = table.pagination(ofSection: index)
    return [
      ("pageSize", .integer(pageSize)), ("total", .integer(pagination.total)),
      ("offset", .integer(pagination.offset)),
      ("remaining", .integer(max(0, pagination.total - pagination.offset - pagination.shown))),
    ]
  }

  /// `GET /api/section?page=K&section=N`: the rows of a section `/api/page` deferred, as that page
  /// would have sent them, with the pagination of a paginated section and the last event's id.
  func sectionResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let key = query["page"].flatMap { $0.isEmpty ? nil : $0 }
    let expected = "the index of a section of the page"
    let section = try query.integer("section", expected: expected)
    return withTable(ofPage: key, view) { _, table, lastID in
      guard let section, (0..<table.numberOfSections).contains(section) else {
        let refusal = WebQuery.Refusal.invalid(name: "section", value: query["section"], expected: expected)
        return .error(400, refusal.message)
      }
      var pairs: [(String, JSONValue)] = [("items", .array(rows(table, section: section)))]
      pairs += pagination(table, section: section)
      pairs.append(("lastEventId", .integer(lastID)))
      return .json(.object(pairs))
    }
  }

  /// `GET /api/more?page=K&section=N&offset=O`.
  func moreResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let settings = view.settings
    let key = query["page"].flatMap { $0.isEmpty ? nil : $0 }
    guard let page = page(key, settings: settings) else { return .error(404, "no page '\(key ?? "")'") }
    let paginated = "the index of a paginated section of the page"
    guard let section = try query.integer("section", expected: paginated),
      page.sections.indices.contains(section), let pageSize = page.sections[section].effectivePageSize
    else { throw .invalid(name: "section", value: query["section"], expected: paginated) }
    let multiple = "a multiple of the section's page size, \(pageSize)"
    guard let offset = try query.integer("offset", expected: multiple), offset % pageSize == 0 else {
      throw .invalid(name: "offset", value: query["offset"], expected: multiple)
    }
    let table: SettingsTable
    do {
      table = try self.table(
        page.sections, isTop: page.isTop, snapshot: view.snapshot(), itemsFiles: view.itemsFiles,
        pages: [section: .only(offset / pageSize + 1)]
      )
    } catch {
      return .error(500, error.message)
    }
    var pairs: [(String, JSONValue)] = [("items", .array(rows(table, section: section)))]
    pairs += pagination(table, section: section).filter { $0.0 != "pageSize" }
    return .json(.object(pairs))
  }

  /// The most matches `/api/search` gives; `total` counts them all.
  static let searchLimit = 500

  /// `GET /api/search?q=TEXT`: `settings find`'s matches, each with its row: the first
  /// ``searchLimit``, and how many there are in all.
  func searchResponse(_ parameters: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let query = try parameters.required("q", expected: "the text to search for")
    let snapshot = view.snapshot()
    let found: (matches: [(match: SettingsSearch.Match, page: String?)], total: Int)
    do { found = try view.search(query, snapshot: snapshot, limit: Self.searchLimit) } catch {
      return Self.failure(error)
    }
    return .json(
      .object([
        ("query", .string(query)),
        ("matches", .array(found.matches.map { match($0.match, page: $0.page, snapshot) })),
        ("total", .integer(found.total)),
      ]))
  }

  /// One match as `/api/search` and `/api/modified` give it: key, title, breadcrumb, the page
  /// holding it (the key of the item that opens it), why it is hidden or disabled, and its row.
  func match(_ match: SettingsSearch.Match, page pageKey: String?, _ snapshot: SettingsSnapshot) -> JSONValue
  {
    var pairs: [(String, JSONValue)] = [
      ("key", match.item.key.map(JSONValue.string) ?? .null), ("title", .string(match.item.title)),
      ("breadcrumb", .array(match.breadcrumb.map(JSONValue.string))), ("field", .string(match.field)),
    ]
    pairs.append(("page", pageKey.map(JSONValue.string) ?? .null))
    if let reason = match.hiddenReason { pairs.append(("hiddenReason", .string(reason))) }
    if let reason = match.disabledReason { pairs.append(("disabledReason", .string(reason))) }
    pairs.append(("row", WebRow.json(match.item, in: snapshot)))
    return .object(pairs)
  }

  /// `GET /api/modified`: every item with an override, on every page (items files included), as
  /// `/api/search`'s matches, in screen order. Of the rows still in the compiled form, only the
  /// sections that hold a stored key are decoded.
  func modifiedResponse(_ view: WebView) -> WebResponse {
    let snapshot = view.snapshot()
    let stored = snapshot.modified.union(snapshot.problems.map(\.key)).union(snapshot.otherOverrides.keys)
    // The items files' items of stored keys are put in their sections, the files not decoded.
    let document: SettingsDocument
    do { document = try view.settings(knowing: snapshot.otherOverrides.keys).document } catch {
      return Self.failure(error)
    }
    var matches: [JSONValue] = []
    for located in document.allItems(decodingSectionsHolding: stored)
    where snapshot.value(of: located.item).isModified || snapshot.problem(of: located.item) != nil {
      let item = located.item
      var found = SettingsSearch.Match(
        item: item, breadcrumb: located.breadcrumb(in: document) + [item.title], field: "modified")
      found.hiddenReason =
        (located.ancestors + [item]).lazy.compactMap {
          SettingsSearch.hiddenReason(of: $0, in: snapshot)
        }.first
      found.disabledReason = snapshot.state(of: item).disabledReason
      matches.append(match(found, page: located.ancestors.last?.key, snapshot))
    }
    return .json(.object([("matches", .array(matches))]))
  }

  /// `GET /api/row?key=K`: one item's row, with its breadcrumb and the page holding it.
  func rowResponse(_ query: WebQuery, _ view: WebView) throws(WebQuery.Refusal) -> WebResponse {
    let key = try query.required("key", expected: "an item's key")
    let settings: Settings
    do { settings = try view.settings(knowing: [key]) } catch { return Self.failure(error) }
    do {
      let located = try settings.locate(key)
      let document = settings.document
      let crumbs = (located.ancestors + [located.item]).map { item -> JSONValue in
        .object([("key", item.key.map(JSONValue.string) ?? .null), ("title", .string(item.title))])
      }
      return .json(
        .object([
          ("row", WebRow.json(located.item, in: view.snapshot())),
          ("breadcrumb", .array([.object([("title", .string(document.title))])] + crumbs)),
          ("page", located.ancestors.last?.key.map(JSONValue.string) ?? .null),
        ]))
    } catch {
      return Self.refusal(error)
    }
  }

  /// `GET /api/dump`: what `settings dump` prints, secure values left out.
  func dumpResponse() -> WebResponse {
    // An items file's secure field is known by its item: those of stored keys are looked up.
    let stored = (try? settings.store.read()).map { Array($0.values.keys) } ?? []
    let known: Settings
    do { known = try settings(knowing: stored) } catch { return Self.failure(error) }
    do {
      let dump = try known.dumpLeavingOut(includingSecure: false)
      return WebResponse(
        status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(dump.text.utf8)
      )
    } catch {
      return Self.refusal(error)
    }
  }

  /// The response for a document that cannot be read as far as a request needs it (a bad line of
  /// an items file, found when a request names its key or searches every item): 500 with the
  /// error's located message, as a page of that line answers.
  static func failure(_ error: DocumentError) -> WebResponse {
    .error(500, error.message)
  }

  /// The response for an engine error: 404 for a key the document lacks, 503 for a busy or
  /// broken store, 422 for a refusal; the engine's message and hint as plain text (the JSON string
  /// carries a key's control characters as they are; the page sets the text with `textContent`).
  static func refusal(_ error: SettingsError) -> WebResponse {
    let status =
      switch error {
      case .unknownKey, .ambiguousKey: 404
      case .store: 503
      default: 422
      }
    return .error(status, error.message, hint: error.hint)
  }
}
