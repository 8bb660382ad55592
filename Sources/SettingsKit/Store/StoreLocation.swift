/// Works out where a document's store file lives.
public enum StoreLocation {
  /// The store path for a document: `explicit` (from `--store`) when given, else `SETTINGS_STORE`,
  /// else `$XDG_CONFIG_HOME/settings/<id>.json`, with `~/.config` when `XDG_CONFIG_HOME` is unset,
  /// empty or relative (the XDG Base Directory Specification says to ignore a relative value).
  ///
  /// - Throws: ``StoreError/noLocation(reason:)`` when the id could leave that directory (it is
  ///   empty, all dots, or holds a `/`) or neither `XDG_CONFIG_HOME` nor `HOME` is usable.
  public static func path(
    forDocumentID id: String, explicit: String?, environment: [String: String]
  ) throws(StoreError) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let fromEnvironment = environment["SETTINGS_STORE"], !fromEnvironment.isEmpty {
      return fromEnvironment
    }
    guard !id.isEmpty, !id.contains("/"), id.contains(where: { $0 != "." }), !id.contains("\0") else {
      throw .noLocation(
        reason: "document id \"\(TerminalText.escaped(id))\" cannot name a store file; "
          + "use letters, digits, '.', '-' and '_'")
    }
    let base: String
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.config"
    } else {
      throw .noLocation(
        reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path")
    }
    return base + "/settings/" + id + ".json"
  }
}
