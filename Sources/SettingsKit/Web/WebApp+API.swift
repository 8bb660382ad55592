extension WebApp {
  /// `GET /api/document`.
  func documentResponse() -> WebResponse {
    let (settings, storeError, documentError) = state.withLock {
      ($0.settings, $0.storeError, $0.documentError)
    }
    let document = settings.document
    return .json(
      .object([
        ("id", .string(document.id)), ("title", .string(document.title)),
        ("version", .integer(document.version)),
        ("lang", .string(configuration.language)), ("dir", .string(configuration.direction)),
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
    _ sections: [SettingSection], isTop: Bool, snapshot: SettingsSnapshot,
    pages: [Int: SettingsTable.Pages] = [:]
  ) throws(DocumentError) -> SettingsTable {
    var viewState = ViewState()
    for (index, section) in sections.enumerated() where section.isCollapsible {
      viewState.expanded[ViewState.name(of: section, at: index)] = true
    }
    let files = isTop ? state.withLock { $0.itemsFiles } : [:]
    return try SettingsTable(
      sections: sections, snapshot: snapshot, viewState: viewState, itemsFiles: files, pages: pages)
  }

  /// The rows of one section of a table.
  func rows(_ table: SettingsTable, section: Int) -> [JSONValue] {
    table.rows(inSection: section).compactMap { row in
      guard case .item(let item, _, _) = row else { return nil }
      return WebRow.json(item, in: table.snapshot)
    }
  }

  /// `GET /api/page[?key=K]`.
  func pageResponse(_ parameters: [String: String]) -> WebResponse {
    let settings = self.settings
    let key = parameters["key"].flatMap { $0.isEmpty ? nil : $0 }
    guard let page = page(key, settings: settings) else {
      return .error(404, "no page '\(key ?? "")': no item with that key opens a child page")
    }
    let lastID = log.lastID
    let table: SettingsTable
    do {
      table = try self.table(page.sections, isTop: page.isTop, snapshot: snapshot())
    } catch {
      return .error(500, error.message)
    }
    var sections: [JSONValue] = []
    for index in 0..<table.numberOfSections {
      let spec = table.section(index)
      var pairs: [(String, JSONValue)] = [("index", .integer(index))]
      if let id = spec.id { pairs.append(("id", .string(id))) }
      if let header = spec.header { pairs.append(("header", .string(header))) }
      if let footer = spec.footer { pairs.append(("footer", .string(footer))) }
      pairs.append(("items", .array(rows(table, section: index))))
      pairs += pagination(table, section: index)
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

  /// `GET /api/more?page=K&section=N&offset=O`.
  func moreResponse(_ parameters: [String: String]) -> WebResponse {
    let settings = self.settings
    let key = parameters["page"].flatMap { $0.isEmpty ? nil : $0 }
    guard let page = page(key, settings: settings) else { return .error(404, "no page '\(key ?? "")'") }
    guard let section = parameters["section"].flatMap({ Int($0) }), page.sections.indices.contains(section),
      let pageSize = page.sections[section].effectivePageSize
    else { return .error(400, "section must be the index of a paginated section of the page") }
    guard let offset = parameters["offset"].flatMap({ Int($0) }), offset >= 0, offset % pageSize == 0 else {
      return .error(400, "offset must be a multiple of the section's page size, \(pageSize)")
    }
    let table: SettingsTable
    do {
      table = try self.table(
        page.sections, isTop: page.isTop, snapshot: snapshot(), pages: [section: .only(offset / pageSize + 1)]
      )
    } catch {
      return .error(500, error.message)
    }
    var pairs: [(String, JSONValue)] = [("items", .array(rows(table, section: section)))]
    pairs += pagination(table, section: section).filter { $0.0 != "pageSize" }
    return .json(.object(pairs))
  }

  /// `GET /api/search?q=TEXT`: `settings find`'s matches, each with its row.
  func searchResponse(_ parameters: [String: String]) -> WebResponse {
    let query = parameters["q"] ?? ""
    let settings = self.settings
    let snapshot = self.snapshot()
    let matches = SettingsSearch.find(query, in: settings.document, snapshot: snapshot).prefix(500)
    return .json(
      .object([
        ("query", .string(query)),
        (
          "matches",
          .array(
            matches.map { match in
              var pairs: [(String, JSONValue)] = [
                ("key", match.item.key.map(JSONValue.string) ?? .null), ("title", .string(match.item.title)),
                ("breadcrumb", .array(match.breadcrumb.map(JSONValue.string))),
                ("field", .string(match.field)),
              ]
              let pageKey = match.item.key.flatMap { try? settings.locate($0) }?.ancestors.last?.key
              pairs.append(("page", pageKey.map(JSONValue.string) ?? .null))
              if let reason = match.hiddenReason { pairs.append(("hiddenReason", .string(reason))) }
              if let reason = match.disabledReason { pairs.append(("disabledReason", .string(reason))) }
              pairs.append(("row", WebRow.json(match.item, in: snapshot)))
              return .object(pairs)
            })
        ),
      ]))
  }

  /// `GET /api/dump`: what `settings dump` prints, secure values left out.
  func dumpResponse() -> WebResponse {
    do {
      let dump = try settings.dumpLeavingOut(includingSecure: false)
      return WebResponse(
        status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(dump.text.utf8)
      )
    } catch {
      return Self.refusal(error)
    }
  }

  /// The response for an engine error: 404 for a key the document lacks, 503 for a busy or
  /// broken store, 422 for a refusal; the CLI's message and hint.
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
