import SettingsPOSIX

/// One system file of values and locks: `settings/<id>.json` in a directory of `XDG_CONFIG_DIRS`.
///
/// The file is a JSON object with two members, both optional: `"values"`, item key to value (read
/// as a store's overrides are: a value its item does not accept is ignored and reported), and
/// `"locked"`, a key, section id or page key to the reason users are shown:
///
/// ```json
/// {"values": {"airplane": true}, "locked": {"airplane": "Managed by your organisation"}}
/// ```
public struct SystemLayer: Sendable, Equatable {
  /// The file's path as messages show it.
  public var file: String
  /// The values by item key, as parsed; not yet checked against the document.
  public var values: [String: JSONValue]
  /// The reason of each lock, by the key, section id or page key it names.
  public var locked: [String: String]
  /// The file's text, to locate a value in messages.
  public var source: SourceText

  /// Creates a layer.
  public init(file: String, values: [String: JSONValue] = [:], locked: [String: String] = [:]) {
    self.file = file
    self.values = values
    self.locked = locked
    self.source = SourceText(name: file, bytes: [])
  }

  /// Parses a system file's bytes; `source.name` is the file's name in messages.
  ///
  /// - Throws: ``IgnoredSystemFile`` when the bytes are not JSON, not an object, have a member
  ///   other than `values` and `locked`, or those are not objects (of strings, for `locked`).
  public static func parse(_ source: SourceText) throws(IgnoredSystemFile) -> SystemLayer {
    let file = source.name
    let members: [String: JSONValue]
    do {
      members = try StoreContents.parse(source).values
    } catch {
      switch error {
      case .syntax(_, let location, let message):
        throw IgnoredSystemFile(file: file, location: location, reason: message)
      case .notAnObject(_, let found):
        throw IgnoredSystemFile(file: file, reason: "expected a JSON object; found \(found)")
      default:
        throw IgnoredSystemFile(file: file, reason: error.message)
      }
    }
    var layer = SystemLayer(file: file)
    layer.source = source
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      func problem(_ text: String) -> IgnoredSystemFile {
        IgnoredSystemFile(file: file, location: source.location(ofOffset: value.offset), reason: text)
      }
      switch (name, value.kind) {
      case ("values", .object(let entries)):
        for entry in entries { layer.values[entry.name] = entry.value }
      case ("locked", .object(let entries)):
        for entry in entries {
          guard case .string(let reason) = entry.value.kind else {
            throw IgnoredSystemFile(
              file: file, location: source.location(ofOffset: entry.value.offset),
              reason: "the reason of lock \"\(entry.name)\" is "
                + "\(entry.value.typeDescription); expected a string")
          }
          layer.locked[entry.name] = reason
        }
      case ("values", _), ("locked", _):
        throw problem("\"\(name)\" is \(value.typeDescription); expected an object")
      default:
        throw problem("unknown member \"\(name)\"; expected \"values\" or \"locked\"")
      }
    }
    return layer
  }
}

extension SystemLayer {
  /// The layer with each value and lock under an earlier key (`renamedFrom`; `renamed` maps it to
  /// the item's key now) moved to the item's key, as a user's store is read; a key the file also
  /// gives under its current name keeps that entry.
  func followingRenames(_ renamed: [String: String]) -> SystemLayer {
    var layer = self
    for (old, new) in renamed {
      if let value = layer.values.removeValue(forKey: old), layer.values[new] == nil {
        layer.values[new] = value
      }
      if let reason = layer.locked.removeValue(forKey: old), layer.locked[new] == nil {
        layer.locked[new] = reason
      }
    }
    return layer
  }
}

/// A system file that is not used at all: it could not be read, or does not parse as one.
public struct IgnoredSystemFile: ExplainedError, Equatable {
  /// The file's path as messages show it.
  public var file: String
  /// Where in the file the problem is, when it is in its text.
  public var location: SourceLocation?
  /// What is wrong: a message fragment.
  public var reason: String
  /// Whether ``reason`` names the file already (a read error does).
  var reasonNamesFile = false

  /// Creates the problem.
  public init(file: String, location: SourceLocation? = nil, reason: String) {
    self.file = file
    self.location = location
    self.reason = reason
  }

  /// A file that could not be read.
  init(file: String, readError: FileSystemError) {
    self.init(file: file, reason: readError.description)
    reasonNamesFile = true
  }

  /// `FILE:LINE:COLUMN: REASON; the system file is ignored`, in plain text.
  public var message: String {
    let place =
      reasonNamesFile ? "" : file + (location.map { ":\($0)" } ?? "") + ": "
    return place + reason + "; the system file is ignored"
  }
}
