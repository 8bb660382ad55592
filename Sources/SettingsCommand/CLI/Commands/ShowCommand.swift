import SettingsKit

/// `settings show [SECTION [--page K]]`: the screen as text rows, or as JSON with `--json`.
///
/// Collapsible sections show as recorded by `expand`/`collapse` (`--expand-all` opens them all);
/// paginated sections show their first page and a "more" row (`--all` shows every page). A named
/// section is shown alone and open; `--page K` shows only its page K. `--json` is data: every
/// item of every section, open or closed, every page unless `--page K` names one.
enum ShowCommand {
  /// Runs `show`; `opened` is handed the document as opened (a test looks at which of its rows
  /// were decoded).
  static func run(
    _ context: CommandContext, opened: (LoadedDocument) -> Void = { _ in }
  ) throws(CommandError) -> String {
    let arguments = try context.arguments()
    let width = context.width()
    let colors = context.colors()
    // From the compiled form, the sections that nothing else depends on are decoded only when
    // shown (a named section, a page, or every row of the top page).
    // A document from standard input is decoded whole, its items files opened apart (below).
    let loaded =
      context.documentPath == "-"
      ? LoadedDocument(document: try context.loadDocument(loadingItemsFiles: false))
      : try context.openScreenDocument()
    defer { opened(loaded) }
    let topDocument = loaded.document
    var sections = topDocument.sections
    var pageTitle: String?
    var heading: String?
    if let name = arguments.first,
      // Looked up where it stands: only the sections read on demand that hold it are decoded.
      let located = try? Settings(document: topDocument, store: MemoryStore()).locate(name),
      let page = located.item.page
    {
      // A child page: its sections make the table, under a breadcrumb.
      sections = page.sections
      pageTitle = located.item.title
      heading = (located.breadcrumb(in: topDocument) + [located.item.title]).joined(separator: " › ")
    }
    // Open sections are kept beside the store file (with etcd too); none without a location.
    let storePath = context.storePolicy(for: topDocument).filePath()
    let layers = try context.layers(for: topDocument, forWriting: false)
    let settings = Settings(document: topDocument, layers: layers)
    var selected: Int?
    var pages: [Int: SettingsTable.Pages] = [:]
    var viewState = ViewState()
    // Recorded states name top-page sections; a damaged file is ignored with a warning.
    if let storePath, heading == nil {
      let read = ViewState.read(from: ViewState.path(besideStore: storePath))
      viewState = read.state
      if let warning = read.warning { context.warnings.add(warning) }
    }
    if context.invocation[Options.showAll] {
      for index in sections.indices { pages[index] = .all }
    }
    if let name = arguments.first, heading == nil {
      if sections.firstIndex(where: { $0.id == name || $0.header == name }) == nil, Int(name) == nil,
        let located = try? Settings(document: topDocument, store: MemoryStore()).locate(name)
      {
        if located.item.type == .list, let page = ListPage(item: located.item) {
          if context.wantsJSON { return try listJSON(page, context: context, document: topDocument) }
          let heading = (located.breadcrumb(in: topDocument) + [located.item.title]).joined(separator: " › ")
          return try listLines(page, heading: heading, context: context, document: topDocument)
        }
        throw CommandError(
          messages: [
            "'\(TerminalText.escaped(name))' is an item without a child page; "
              + "'settings describe \(TerminalText.escaped(located.item.key ?? name))' tells about it"
          ], status: .refused)
      }
      let index = try context.sectionIndex(name, in: topDocument)
      selected = index
      // Shown alone, a section is drawn open; its JSON keeps `expanded` as the view state has it.
      if !context.wantsJSON { viewState.expanded[ViewState.name(of: sections[index], at: index)] = true }
    }
    if let page = context.invocation[Options.page] {
      guard let index = selected else {
        throw .usage("'\(Options.page.definition.name)' needs a SECTION of the top page", subcommand: .show)
      }
      pages[index] = .only(page)
    }
    if context.invocation[Options.expandAll] {
      for (index, section) in sections.enumerated() where section.isCollapsible {
        viewState.expanded[ViewState.name(of: section, at: index)] = true
      }
    }
    if context.wantsJSON {
      // JSON is data, not the view: every page of every paginated section, unless `--page` asks
      // for one (closed sections list their items too: `DocumentJSON`).
      for index in sections.indices where pages[index] == nil { pages[index] = .all }
    }
    // The top page's items files were opened with the document (each read once: a million-line
    // file is most of the time and memory of `show`).
    let itemsFiles =
      heading == nil && !loaded.itemsFiles.isEmpty ? loaded.itemsFiles : try context.itemsFiles(for: sections)
    if let index = selected, case .only(let page) = pages[index] {
      let section = sections[index]
      let title = TerminalText.escaped(section.header ?? section.id ?? name(index))
      guard let pageSize = section.effectivePageSize else {
        throw CommandError(messages: ["section '\(title)' is not paginated"], status: .refused)
      }
      let total = itemsFiles[index]?.itemCount ?? section.items.count
      let pageCount = total == 0 ? 1 : (total - 1) / pageSize + 1  // no overflow, even for Int.max
      guard page <= pageCount else {
        throw CommandError(
          messages: [
            "page \(page) is past the end; section '\(title)' has \(pageCount) page\(pageCount == 1 ? "" : "s")"
          ],
          status: .refused)
      }
    }
    let snapshot: SettingsSnapshot
    do {
      snapshot = try settings.snapshot()
    } catch {
      throw CommandError(error)
    }
    let table: SettingsTable
    do {
      table = try SettingsTable(
        sections: sections, snapshot: snapshot, viewState: viewState, itemsFiles: itemsFiles, pages: pages)
    } catch {
      throw CommandError(error)
    }
    let shown = selected.map { [$0] }
    // Every rejected stored value of the document's items (of the sections read on demand, the
    // snapshot decodes only those that hold a stored key), then those of the items-file rows shown.
    for problem in snapshot.problems { context.warnings.add(problem) }
    for index in shown ?? Array(0..<table.numberOfSections)
    where itemsFiles[index] != nil && !snapshot.otherOverrides.isEmpty {
      for case .item(let item, _, _) in table.rows(inSection: index) {
        if let problem = snapshot.problem(of: item) { context.warnings.add(problem) }
      }
    }
    if context.wantsJSON {
      return context.jsonText(
        DocumentJSON.value(
          of: table, in: topDocument, title: pageTitle, sections: shown,
          reveal: context.invocation[Options.reveal]))
    }
    var renderer = TextRenderer(width: width, colors: colors)
    renderer.revealsSecureValues = context.invocation[Options.reveal]
    return renderer.render(table, sections: shown, heading: heading)
  }

  static func name(_ index: Int) -> String { "Section \(index + 1)" }

  /// `show KEY` of a list: the list page's heading, then its elements, one row each, as the
  /// screen's list page shows them (a record by its title field, its subtitle field at the right).
  static func listLines(
    _ page: ListPage, heading: String, context: CommandContext, document: SettingsDocument
  ) throws(CommandError) -> String {
    let snapshot = try listSnapshot(page, context: context, document: document)
    let elements = page.elements(in: snapshot)
    let isLocked = snapshot.state(of: page.item).lock != nil
    let layout = RowLayout(width: context.width(), showsIcons: false, colors: context.colors())
    var text = TerminalText.escaped(heading) + "\n\n"
    for row in elements.indices {
      for line in layout.lines(for: page.rowContent(row, elements: elements, isLocked: isLocked)) {
        text += line + "\n"
      }
    }
    if elements.isEmpty { text += "  (no elements)\n" }
    return text
  }

  /// `show KEY --json` of a list: its elements as the JSON array `get KEY --json` prints (a
  /// page's JSON has no row of an element), a secure field's text masked unless `--reveal`, as
  /// the list's row in the page's JSON masks it.
  static func listJSON(
    _ page: ListPage, context: CommandContext, document: SettingsDocument
  ) throws(CommandError) -> String {
    let snapshot = try listSnapshot(page, context: context, document: document)
    let value = snapshot.value(of: page.item).value ?? .list([])
    return context.jsonText(ValueRules.json(value, of: page.item, reveal: context.invocation[Options.reveal]))
  }

  /// The values a list page is shown with, its stored value's problem warned about.
  static func listSnapshot(
    _ page: ListPage, context: CommandContext, document: SettingsDocument
  ) throws(CommandError) -> SettingsSnapshot {
    let layers = try context.layers(for: document, forWriting: false)
    let snapshot: SettingsSnapshot
    do {
      snapshot = try Settings(document: document, layers: layers).snapshot()
    } catch {
      throw CommandError(error)
    }
    if let problem = snapshot.problem(of: page.item) { context.warnings.add(problem) }
    return snapshot
  }
}
