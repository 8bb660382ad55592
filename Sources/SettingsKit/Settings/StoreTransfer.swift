/// A value of a file to load that was refused, with where it stands in that file.
public struct LoadRefusal: Sendable, Equatable, CustomStringConvertible {
  /// The key as the file has it.
  public var key: String
  /// The file's name.
  public var file: String
  /// Where the value starts in the file.
  public var location: SourceLocation
  /// Why, as a lowercase fragment: `unknown key 'dnd2'; did you mean 'dnd'?`.
  public var reason: String

  /// `file:line:column: reason`.
  public var message: String { "\(file):\(location): \(reason)" }

  /// The message.
  public var description: String { message }
}

/// What loading a file would do to a store: each change of an override, and what is refused.
public struct LoadPlan: Sendable, Equatable {
  /// One change of a stored override.
  public enum Change: Sendable, Equatable {
    /// A key that had no override gets one.
    case added(key: String, value: JSONValue)
    /// An override is replaced.
    case changed(key: String, old: JSONValue, new: JSONValue)
    /// An override is removed.
    case removed(key: String, old: JSONValue)

    /// The key changed.
    public var key: String {
      switch self {
      case .added(let key, _), .changed(let key, _, _), .removed(let key, _): key
      }
    }
  }

  /// The changes, by key order.
  public var changes: [Change]
  /// The values refused; when there is one, nothing is loaded.
  public var refusals: [LoadRefusal]
  /// The number of the journal entry the load made (``JournalEntry/sequence``); nil for a plan
  /// not carried out, a load that changed nothing, or a store that keeps no journal (a journal
  /// limit of 0).
  public var entry: Int?
  /// The overrides after the load.
  var values: [String: JSONValue]
  /// The keys of secure text fields, whose values ``lines`` and ``shown(_:of:)`` mask.
  package var secureKeys: Set<String> = []

  /// A value of `key` as JSON output carries it: ``ValueRules/mask`` for a secure text field.
  package func shown(_ value: JSONValue, of key: String) -> JSONValue {
    StoredValueProblem.masked(value, secure: secureKeys.contains(key))
  }

  /// One line per change and refusal: `added KEY: VALUE`, `changed KEY: OLD -> NEW`,
  /// `removed KEY`, `refused KEY: REASON`; plain text (values quoted as
  /// ``StoredValueProblem`` quotes them), a secure text field's values masked.
  public var lines: [String] {
    changes.map { change in
      func shown(_ value: JSONValue) -> String {
        StoredValueProblem.shown(value, secure: secureKeys.contains(change.key))
      }
      let key = change.key
      return switch change {
      case .added(_, let value): "added \(key): \(shown(value))"
      case .changed(_, let old, let new): "changed \(key): \(shown(old)) -> \(shown(new))"
      case .removed: "removed \(key)"
      }
    } + refusals.map { "refused \($0.key): \($0.reason)" }
  }
}

extension Settings {
  /// The name of the dump member that lists the keys whose secure values were left out.
  public static let omittedKeysMember = "$omitted"

  /// Every override (values under earlier keys as their items' keys), as a JSON object with
  /// sorted keys that ``load(_:replacing:keepingUnknownKeys:)`` accepts. Secure items' values are
  /// left out unless `includingSecure`, and their keys listed in a `"$omitted"` array, so that a
  /// load that replaces the overrides keeps them. Stored values the document's items do not
  /// accept (the snapshot's ``SettingsSnapshot/problems``; they read as the default) are left out,
  /// since a load would refuse them. A top-level `"$schema"` is not an override. Accepted values
  /// are written as `set` writes them: a number as its exact decimal (`1e-1` as `0.1`), multiple
  /// choice values in the choices' order.
  ///
  /// - Throws: ``SettingsError/store(_:)`` when the store cannot be read or parsed.
  public func dump(includingSecure: Bool = false) throws(SettingsError) -> String {
    try dump(includingSecure: includingSecure, isSecure: \.isSecure)
  }

  /// ``dump(includingSecure:)`` with the rule that says which items are secure.
  package func dump(includingSecure: Bool, isSecure: (SettingItem) -> Bool) throws(SettingsError) -> String {
    try dumpLeavingOut(includingSecure: includingSecure, isSecure: isSecure).text
  }

  /// ``dump(includingSecure:)``, with the stored values it left out because their items do not
  /// accept them, by key order (one warning each).
  package func dumpLeavingOut(includingSecure: Bool, isSecure: (SettingItem) -> Bool = \.isSecure)
    throws(SettingsError) -> (text: String, leftOut: [StoredValueProblem])
  {
    var contents = try readContents()
    let snapshot = SettingsSnapshot(document: document, contents: contents, storeName: store.name)
    snapshot.moveRenamedValues(in: &contents)
    contents.values.removeValue(forKey: "$schema")
    // A value the item rejects reads as the default, and a load would refuse it.
    for problem in snapshot.problems { contents.values.removeValue(forKey: problem.key) }
    // An accepted value is written as `set` writes it: `1e-1` as 0.1, `["ja", "en"]` in the choices' order.
    document.forEachItem { item, _ in
      guard let key = item.key, let stored = contents.values[key],
        let value = SettingsSnapshot.accepted(stored, by: item)
      else { return }
      contents.values[key] = value.json
    }
    var omitted: [String] = []
    if !includingSecure {
      document.forEachItem { item, _ in
        guard let key = item.key, isSecure(item), contents.values.removeValue(forKey: key) != nil else {
          return
        }
        omitted.append(key)
      }
    }
    if !omitted.isEmpty {
      contents.values[Self.omittedKeysMember] = .array(omitted.sorted().map(JSONValue.string))
    }
    return (contents.text, snapshot.problems)
  }

  /// What loading `file` would change, without writing anything (`--dry-run`); see
  /// ``load(_:replacing:keepingUnknownKeys:)``.
  public func planLoad(_ file: StoreContents, replacing: Bool = false, keepingUnknownKeys: Bool = false)
    throws(SettingsError) -> LoadPlan
  {
    let contents = try readContents()
    return plan(file, over: contents, replacing: replacing, keepingUnknownKeys: keepingUnknownKeys)
  }

  /// Loads the overrides of `file` (a dump, or any JSON object of keys and values) into the store,
  /// all or nothing, in one locked, atomic update.
  ///
  /// Each key is an item's full key or an earlier key of one (`renamedFrom`, so a dump of the
  /// previous version of a document loads into the next); each value is one the item accepts as
  /// stored (`true`/`false` for a switch, a choice's value) or text that `set` accepts (`"on"`,
  /// a choice's title). Conditions are not checked: a dump may hold the value of an item that is
  /// disabled now. By default the file is merged (other overrides stay); `replacing` makes the
  /// overrides equal the file, except the keys its `"$omitted"` lists, which keep their values.
  /// Keys the document does not know are refused unless `keepingUnknownKeys`.
  ///
  /// - Returns: the plan carried out, with the journal entry it made (``LoadPlan/entry``).
  /// - Throws: ``SettingsError/loadRefused(_:)`` with every refusal (nothing is written),
  ///   ``SettingsError/store(_:)``.
  @discardableResult
  public func load(_ file: StoreContents, replacing: Bool = false, keepingUnknownKeys: Bool = false)
    throws(SettingsError) -> LoadPlan
  {
    var plan: LoadPlan?
    let write = try changeReadingJournal {
      (snapshot, contents: inout StoreContents, _) throws(SettingsError) in
      let made = self.plan(file, over: contents, replacing: replacing, keepingUnknownKeys: keepingUnknownKeys)
      if !made.refusals.isEmpty { throw .loadRefused(made.refusals) }
      plan = made
      contents.values = made.values
      return snapshot.changes(
        to: SettingsSnapshot(document: document, contents: contents, storeName: store.name))
    }
    var done = plan ?? LoadPlan(changes: [], refusals: [], values: [:])
    done.entry = write.entry
    return done
  }

  /// The elements of an array of strings; nil for anything else.
  static func strings(in value: JSONValue) -> [String]? {
    guard case .array(let elements) = value.kind else { return nil }
    var strings: [String] = []
    for element in elements {
      guard case .string(let text) = element.kind else { return nil }
      strings.append(text)
    }
    return strings
  }

  private func readContents() throws(SettingsError) -> StoreContents {
    do {
      return try store.read()
    } catch {
      throw .store(error)
    }
  }

  /// The plan of loading `file` over `contents`.
  func plan(_ file: StoreContents, over contents: StoreContents, replacing: Bool, keepingUnknownKeys: Bool)
    -> LoadPlan
  {
    var target = contents
    SettingsSnapshot(document: document, contents: contents, storeName: store.name)
      .moveRenamedValues(in: &target)
    // Changes are reported against the overrides as the document names them: a value stored under
    // an earlier key that keeps its value is no change (the write moves it, as every write does).
    let current = target.values
    var values = replacing ? target.values.filter { $0.key == "$schema" } : target.values
    // Locks apply to a load as to `set`: a locked item's value is refused, and `--replace` keeps the
    // user's override of a locked item (unused while the lock holds), as `reset --all` does.
    let layered = SettingsSnapshot(
      document: document, contents: target, storeName: store.name, system: layers.system)
    if replacing, !layers.system.isEmpty {
      document.forEachItem { item, _ in
        guard let key = item.key, let stored = target.values[key], layered.lock(of: item) != nil else {
          return
        }
        values[key] = stored
      }
    }
    var refusals: [LoadRefusal] = []
    func refuse(_ key: String, _ reason: String) {
      refusals.append(
        LoadRefusal(key: key, file: file.source?.name ?? "", location: file.location(of: key), reason: reason)
      )
    }
    func shown(_ text: String) -> String { "'\(text)'" }
    let renamed = document.renamedKeys
    var given: [String: String] = [:]
    // In the file's order, so refusals read top to bottom as a compiler's errors do (and "given
    // twice" names the earlier key first); a file built in code (no offsets) in key order.
    for (key, value) in file.values.sorted(by: { ($0.value.offset, $0.key) < ($1.value.offset, $1.key) }) {
      if key == "$schema" { continue }
      if key == Self.omittedKeysMember {
        guard let names = Self.strings(in: value) else {
          refuse(
            key,
            "\"\(Self.omittedKeysMember)\" lists the keys whose secure values were left out; expected an array of keys"
          )
          continue
        }
        for name in names { values[name] = target.values[name] }
        continue
      }
      guard let item = document.locate(key)?.item ?? renamed[key].flatMap({ document.locate($0)?.item }),
        let itemKey = item.key
      else {
        if keepingUnknownKeys {
          values[key] = value
        } else {
          let error = SettingsError.unknownKey(
            key, suggestion: Suggestion.closest(to: key, in: document.keys))
          refuse(key, error.message + (error.hint.map { "; " + $0 } ?? ""))
        }
        continue
      }
      if let first = given[itemKey] {
        refuse(key, "\(shown(itemKey)) is given twice: as \(shown(first)) and as \(shown(key))")
        continue
      }
      given[itemKey] = key
      guard item.type != .detailTitle else {
        refuse(key, SettingsError.noValue(key: key, type: item.type).message)
        continue
      }
      var accepted = SettingsSnapshot.accepted(value, by: item)
      if accepted == nil, case .string(let text) = value.kind {
        accepted = try? Self.value(parsing: text, for: item, named: itemKey)
      }
      guard let accepted else {
        refuse(
          key,
          "invalid value \(StoredValueProblem.shown(value, secure: item.isSecure)) for \(shown(itemKey)); expected "
            + StoredValueProblem.expected(by: item))
        continue
      }
      let new = accepted.json
      if let lock = layered.lock(of: item), !(target.values[itemKey].map { JSONValue.same($0, new) } ?? false)
      {
        refuse(key, SettingsError.locked(key: itemKey, file: lock.file, reason: lock.reason).message)
        continue
      }
      values[itemKey] = current[itemKey].flatMap { JSONValue.same($0, new) ? $0 : nil } ?? new
      for (old, owner) in renamed where owner == itemKey { values.removeValue(forKey: old) }
    }
    var changes: [LoadPlan.Change] = []
    for key in Set(current.keys).union(values.keys).sorted() where key != "$schema" {
      switch (current[key], values[key]) {
      case (nil, let new?): changes.append(.added(key: key, value: new))
      case (let old?, nil): changes.append(.removed(key: key, old: old))
      case (let old?, let new?) where !JSONValue.same(old, new):
        changes.append(.changed(key: key, old: old, new: new))
      default: break
      }
    }
    var secureKeys: Set<String> = []
    document.forEachItem { item, _ in
      if item.isSecure, let key = item.key { secureKeys.insert(key) }
    }
    return LoadPlan(changes: changes, refusals: refusals, values: values, secureKeys: secureKeys)
  }
}
