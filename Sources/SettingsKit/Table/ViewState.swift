/// Per-user view state of a screen: which collapsible sections are open. Kept apart from the
/// values, in its own file beside the store, and never mixed into them.
public struct ViewState: Sendable, Equatable {
  /// Open (true) or closed (false) by section name; a section not listed has its shipped state.
  public var expanded: [String: Bool]

  /// Creates a view state.
  public init(expanded: [String: Bool] = [:]) {
    self.expanded = expanded
  }

  /// The name a section's state is kept under: its `id`, else `sections[N]`.
  public static func name(of section: SettingSection, at index: Int) -> String {
    section.id ?? "sections[\(index)]"
  }

  /// Whether the section is open: its recorded state, else as shipped.
  public func isExpanded(_ section: SettingSection, at index: Int) -> Bool {
    expanded[Self.name(of: section, at: index)] ?? section.isExpandedByDefault
  }

  /// The view state file beside a store: `x.json` → `x.view.json`, anything else + `.view.json`.
  public static func path(besideStore storePath: String) -> String {
    (storePath.hasSuffix(".json") ? String(storePath.dropLast(5)) : storePath) + ".view.json"
  }

  /// The view state file beside a store: `x.json` → `x.view.json`, anything else + `.view.json`.
  public static func path(besideStore storePath: SystemPath) -> SystemPath {
    let base =
      storePath.hasSuffix(".json") ? SystemPath(bytes: Array(storePath.bytes.dropLast(5))) : storePath
    return base.addingSuffix(".view.json")
  }

  /// Reads the view state from `path`; a missing or empty file is an empty state.
  ///
  /// - Throws: ``StoreError`` when the file cannot be read, does not parse, or is not an object of
  ///   booleans (the file is then left as it is).
  public static func read(from path: String) throws(StoreError) -> ViewState {
    try read(from: SystemPath(path))
  }

  /// Reads the view state from `path`; see ``read(from:)-(String)``.
  public static func read(from path: SystemPath) throws(StoreError) -> ViewState {
    let contents = try FileStore(path: path).read()
    var state = ViewState()
    for (name, value) in contents.values {
      guard case .bool(let flag) = value.kind else {
        throw .wrongType(
          file: path.description, location: contents.location(of: name), key: name,
          expected: "true or false", found: value.typeDescription)
      }
      state.expanded[name] = flag
    }
    return state
  }

  /// Records one section's state in the file at `path`, atomically and under its lock.
  ///
  /// - Throws: ``StoreError`` as ``FileStore/update(_:)`` does.
  public static func record(_ isExpanded: Bool, forSection name: String, at path: String) throws {
    try record(isExpanded, forSection: name, at: SystemPath(path))
  }

  /// Records one section's state in the file at `path`; see ``record(_:forSection:at:)-(_,_,String)``.
  public static func record(_ isExpanded: Bool, forSection name: String, at path: SystemPath) throws {
    try FileStore(path: path).update { $0.values[name] = .bool(isExpanded) }
  }
}
