import SettingsPOSIX

/// The user's store with the system layers under it: every place a value can come from.
///
/// Layers, lowest first: the document's defaults; the system files, a later `XDG_CONFIG_DIRS`
/// directory under an earlier one (``system`` lists them highest first, in the variable's order);
/// the user's store. A lock in a system file fixes the value that the layers up to that file give,
/// so the user's override (and an earlier directory's value) is kept but not used. ``Settings``
/// reads all of them and writes only the user's store.
public struct LayeredStore: Sendable {
  /// The user's store of overrides, the only layer written.
  public var user: any SettingsStore
  /// The system files that were read, highest first: the first directory of `XDG_CONFIG_DIRS` first.
  public var system: [SystemLayer]
  /// The system files that exist but are not used at all (unreadable, or not a system file), in
  /// the same order; every other layer still applies.
  public var ignored: [IgnoredSystemFile]
  /// The system files' paths, highest first, whether or not they exist: what a watch follows.
  public var systemPaths: [SystemPath] = []

  /// Joins a user's store and system layers.
  public init(user: any SettingsStore, system: [SystemLayer] = [], ignored: [IgnoredSystemFile] = []) {
    self.user = user
    self.system = system
    self.ignored = ignored
  }

  /// The user's store with the system files of document `id` under it: `settings/<id>.json` in
  /// each of `directories`, highest first. A missing file is no layer; a file that cannot be read
  /// or parsed is listed in ``ignored``.
  public init(user: any SettingsStore, documentID id: String, directories: [SystemPath]) {
    self.init(user: user)
    guard !id.isEmpty, !id.contains("/"), id.contains(where: { $0 != "." }), !id.contains("\0") else {
      return
    }
    let name = SystemPath("settings/" + id + ".json")
    systemPaths = directories.map { $0.appending(name) }
    readSystemFiles()
  }

  /// The same layers with the system files at ``systemPaths`` read again; the user's store is the
  /// same.
  public func readingSystemFilesAgain() -> LayeredStore {
    var layers = LayeredStore(user: user)
    layers.systemPaths = systemPaths
    layers.readSystemFiles()
    return layers
  }

  /// Reads every file of ``systemPaths`` into ``system`` or ``ignored``; a missing one is no layer.
  private mutating func readSystemFiles() {
    for path in systemPaths {
      let file = path.description
      let bytes: [UInt8]?
      do {
        bytes = try FileSystem.readFile(at: path)
      } catch {
        ignored.append(IgnoredSystemFile(file: file, readError: error))
        continue
      }
      guard let bytes else { continue }
      do {
        system.append(try SystemLayer.parse(SourceText(name: file, bytes: bytes)))
      } catch {
        ignored.append(error)
      }
    }
  }

  /// The system directories, highest first: the absolute paths in `XDG_CONFIG_DIRS` (separated by
  /// `:`; relative ones are ignored, as the XDG Base Directory specification says), `/etc/xdg`
  /// when it is unset or names none.
  public static func systemDirectories(environmentPaths environment: [String: SystemPath]) -> [SystemPath] {
    let listed = (environment["XDG_CONFIG_DIRS"]?.bytes ?? [])
      .split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: true)
      .map { SystemPath(bytes: Array($0)) }
      .filter(\.isAbsolute)
    return listed.isEmpty ? [SystemPath("/etc/xdg")] : listed
  }
}
