import SettingsKit

extension SettingsScreen {
  /// `u`: takes back the last change in the store's journal that this screen has not taken back
  /// yet, from anywhere on the screen, and says what was undone on the status line (also returned,
  /// for the line mode). A second `u` takes back the change before it, not the undo just made: the
  /// screen remembers the entries it took back and the undo entries it made, and undoes past them
  /// (with `force` when only those changed the keys since). A key changed since by anything else
  /// refuses, naming that change, as `settings undo` does.
  ///
  /// - Returns: what the status line says, and the keys of the change taken back (none when
  ///   nothing was).
  @discardableResult
  mutating func undoLast() -> (said: ScreenStatus, keys: [String]) {
    let message: ScreenStatus
    var keys: [String] = []
    do {
      let settings = try allItemsSettings()
      let journal = try settings.journal()
      let ours = undoHistory.undone.union(undoHistory.made)
      guard
        let entry = journal.entries.last(where: { !$0.changes.isEmpty && !ours.contains($0.sequence) })
      else {
        message = .note("Nothing to undo: the journal has no change this screen has not undone")
        statusMessage = message
        return (message, [])
      }
      let changed = Set(entry.changes.keys)
      let later = journal.entries.filter {
        $0.sequence > entry.sequence && !changed.isDisjoint(with: $0.changes.keys)
      }
      let force = later.allSatisfy { ours.contains($0.sequence) }
      let before = entry.keys.map { shownValue(of: $0, in: settings) }
      let context = settings.writeContext
      settings.writeContext = WriteContext(how: "undo", message: "from settings ui")
      defer { settings.writeContext = context }
      let undo = try settings.undo(.entry(entry.sequence), force: force)
      undoHistory.undone.insert(entry.sequence)
      if let made = undo.entry { undoHistory.made.insert(made) }
      apply(try TableActions(settings: settings).reloadValues(of: &level.table))
      let after = entry.keys.map { shownValue(of: $0, in: settings) }
      message = .note(
        Self.undoMessage(
          entry, shown: Array(zip(before, after)), settings: settings, written: undo.journalChanges))
      keys = entry.keys
    } catch SettingsError.store(let error) {
      // The undo is a write: a journal it cannot read stopped it before anything was written.
      message = .error(SettingsError.store(error.writing))
    } catch let error as SettingsError {
      message = .refusal(error.message)
    } catch {
      message = .error(error)
    }
    statusMessage = message
    return (message, keys)
  }

  /// The value the screen shows for `key` (a default as its value), nil for a key it has no row for.
  func shownValue(of key: String, in settings: Settings) -> String? {
    guard let item = settings.item(forFullKey: key), let value = level.table.snapshot.value(of: item).value
    else {
      return nil
    }
    // A choice by its title, as its row shows it.
    var style = ValueStyle.described(reveal: false)
    style.choice = .title
    return ValueRules.text(of: value, for: item, style: style)
  }

  /// `Undid change N: TITLE old → new` with the values as the row showed them before and shows them
  /// now (`shown`, by key in the entry's order; the journal's wording where the screen has no row),
  /// or the titles of the keys it put back. An element change of a list (`written`: what the undo
  /// wrote) is worded as `settings undo` words it: `Undid change 6: DNS Servers: removed 7.7.7.7
  /// from 3`, not as the whole lists.
  static func undoMessage(
    _ entry: JournalEntry, shown: [(before: String?, after: String?)], settings: Settings,
    written: [String: JournalChange] = [:]
  ) -> String {
    let head = "Undid change \(entry.sequence)"
    let keys = entry.keys
    if keys.count == 1, let key = keys.first, let change = entry.changes[key] {
      let title = TerminalText.escaped(settings.journalTitle(of: key) ?? key)
      if written.count == 1, let (writtenKey, writtenChange) = written.first,
        let wording = settings.journalListWording(writtenChange, of: writtenKey)
      {
        return "\(head): \(title): \(wording)"
      }
      // The entry is taken back: its after was the value, its before is the value again.
      let old =
        shown.first?.before ?? settings.journalValueText(change.after, of: key, secure: change.isSecure)
      let new =
        shown.first?.after ?? settings.journalValueText(change.before, of: key, secure: change.isSecure)
      return "\(head): \(title) \(TerminalText.escaped(old)) → \(TerminalText.escaped(new))"
    }
    let titles = keys.map { TerminalText.escaped(settings.journalTitle(of: $0) ?? $0) }
    return "\(head): \(keys.count) settings (\(titles.joined(separator: ", ")))"
  }

  /// `H`: the journal's changes of the selected row's key, newest first, as `settings history KEY`
  /// prints them, under a line naming the row; nil (with the reason on the status line) when the
  /// selected row has no key or the journal cannot be read. On a list's page (its elements, or a
  /// record's form), the list's changes, as on the list's row.
  mutating func historyOfSelection() -> HistoryView? {
    let selected: SettingItem? =
      if let page = level.list {
        page.item
      } else if let selection = level.selection, case .item(let item, _, _) = level.table.row(at: selection) {
        item
      } else {
        nil
      }
    guard let item = selected, let key = item.key else {
      statusMessage = .refusal("only a setting's row has a history")
      return nil
    }
    do {
      let settings = try self.settings(knowing: item)
      let entries = try settings.history(keys: [key])
      let title = TerminalText.escaped(item.title)
      guard !entries.isEmpty else {
        return HistoryView(heading: "History of \(title): no change in the journal", changes: [])
      }
      return HistoryView(
        heading: "History of \(title), newest first:",
        changes: entries.map { entry in
          HistoryCommand.text(entry, settings, arrow: "→").split(separator: "\n").map(String.init)
        })
    } catch {
      statusMessage = .error(error)
      return nil
    }
  }
}

/// What `u` on the screen has done: the journal entries it took back and the undo entries it made,
/// so that the next `u` goes further back instead of undoing its own undo.
struct ScreenUndoHistory: Sendable, Equatable {
  var undone: Set<Int> = []
  var made: Set<Int> = []
}
