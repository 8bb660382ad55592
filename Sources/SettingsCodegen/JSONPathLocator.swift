import SettingsKit

/// Where the values of a document's JSON text start, by the JSON paths the loader's messages use
/// (`sections[0].items[1].key`), for the generator's messages.
struct JSONPathLocator {
  /// The document's text.
  private let source: SourceText
  /// The text parsed, or nil when it is not JSON (nothing is then located).
  private let root: JSONValue?

  /// Parses `text`, named `name` in messages.
  init(text: String, name: String) {
    source = SourceText(name: name, bytes: Array(text.utf8))
    root = try? JSONParser().parse(source.bytes)
  }

  /// The value at `path`, or nil when there is none: members by name, elements by `[index]`.
  func value(at path: String) -> JSONValue? {
    guard var value = root else { return nil }
    for component in path.split(separator: ".") {
      var rest = component[...]
      if let bracket = rest.firstIndex(of: "[") {
        let name = rest[..<bracket]
        if !name.isEmpty {
          guard let member = value[member: String(name)] else { return nil }
          value = member
        }
        rest = rest[bracket...]
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
          guard let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
            case .array(let elements) = value.kind, elements.indices.contains(index)
          else { return nil }
          value = elements[index]
          rest = rest[rest.index(after: close)...]
        }
      } else {
        guard let member = value[member: String(rest)] else { return nil }
        value = member
      }
    }
    return value
  }

  /// The line and column where the value at `path` starts, or nil when there is none.
  func location(of path: String) -> SourceLocation? {
    value(at: path).map { source.location(ofOffset: $0.offset) }
  }

  /// `path` and where it starts, as a message names another place: `sections[0].items[0].key (2:11)`.
  func described(_ path: String) -> String {
    location(of: path).map { "\(path) (\($0))" } ?? path
  }
}
