extension DocumentDecoder {
  /// `renamedFrom` (a full dot path or an array of them) and `deprecated` (display text).
  ///
  /// An earlier key must be a well-formed dot path that is not a current key and that no other
  /// item claims; both locations are named. A current key declared later is checked against these
  /// claims in ``decodeKey(_:type:at:itemPath:)``.
  mutating func decodeEvolution(_ fields: Fields, key: String?, at path: @autoclosure () -> String)
    -> (renamedFrom: [String]?, deprecated: String?)
  {
    let deprecated = text(fields["deprecated"], at: Self.join(path(), "deprecated"))
    guard let value = fields["renamedFrom"] else { return (nil, deprecated) }
    let fieldPath = Self.join(path(), "renamedFrom")
    var entries: [(value: JSONMap.Value, path: String)] = []
    if let elements = map.elements(of: value), !elements.isEmpty {
      entries = elements.enumerated().map { ($1, "\(fieldPath)[\($0)]") }
    } else if map.string(value) != nil {
      entries = [(value, fieldPath)]
    } else {
      report(
        fieldPath, value.offset,
        "expected an earlier key or a non-empty array of them, such as \"renamedFrom\": [\"dnd\"]; found "
          + map.typeDescription(of: value))
      return (nil, deprecated)
    }
    if key == nil {
      report(fieldPath, value.offset, "an item with \"renamedFrom\" needs a \"key\"")
    }
    var earlier: [String] = []
    for entry in entries {
      guard let old = string(entry.value, at: entry.path) else { continue }
      if !DocumentName.isDotPath(old) {
        report(
          entry.path, entry.value.offset, "invalid earlier key \(shown(old)); \(DocumentName.dotPathRule)")
        continue
      }
      if let current = firstKeyUse[old] {
        report(
          entry.path, entry.value.offset,
          "earlier key \(shown(old)) is a current key, used at \(describe(current))")
        continue
      }
      if let claimed = firstRenameUse[old] {
        report(
          entry.path, entry.value.offset,
          "earlier key \(shown(old)) is claimed twice; first at \(describe(claimed))")
        continue
      }
      let entryPath = entry.path
      firstRenameUse[old] = FirstUse(path: { entryPath }, source: source, offset: entry.value.offset)
      earlier.append(old)
    }
    return (earlier.isEmpty ? nil : earlier, deprecated)
  }
}
