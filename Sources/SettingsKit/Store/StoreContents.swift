/// The overrides in a store: JSON values by item key, with the text they were read from.
///
/// Values are kept as parsed JSON so that keys the document does not know (from an older or newer
/// version of it) are written back exactly as they were.
public struct StoreContents: Sendable, Equatable {
  /// The overrides by item key.
  public var values: [String: JSONValue]
  /// Where the values were read from, for error locations; nil for a store that was never written.
  public var source: SourceText?
  /// Whether the values include a secure text field's: a file store is then written with mode
  /// `0o600`. Set by ``Settings`` on each change.
  public var holdsSecureValue = false
  /// The store's revision when the values were read (``StoreRevision/initial`` for contents made
  /// in code).
  public var revision: StoreRevision
  /// Stored values that are not JSON, by item key, each with the parser's reason; only a store
  /// that keeps each override under its own key has them (etcd): the key reads as its default and
  /// ``SettingsSnapshot/problems`` lists it, while every other key reads as usual.
  public var unparsed: [String: String] = [:]
  /// How a problem names a stored value when the store keeps each override under its own key:
  /// this text followed by the item key (`etcd key /settings/phone/`); nil names the store and the
  /// value's location in its text.
  public var keyNamePrefix: String?
  /// The number of the journal entry that left the store as read (``JournalEntry/sequence``), when
  /// the read itself tells: a store that keeps its journal beside the values and reads both at
  /// once (etcd, whose change stream also carries the entry written in the same transaction as a
  /// change). Nil when the read does not say (a file store, whose journal is a file of its own), or
  /// when no entry left it (a change made without the tool, not yet journaled).
  public var journalSequence: Int?

  /// Creates contents.
  public init(
    values: [String: JSONValue] = [:], source: SourceText? = nil, revision: StoreRevision = .initial
  ) {
    self.values = values
    self.source = source
    self.revision = revision
  }

  /// Parses a store file's bytes. Empty or all-white-space bytes are an empty store.
  ///
  /// - Throws: ``StoreError/syntax(file:location:message:)`` or ``StoreError/notAnObject(file:found:)``.
  public static func parse(_ source: SourceText) throws(StoreError) -> StoreContents {
    if source.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return StoreContents(source: source)
    }
    let root: JSONValue
    do {
      root = try JSONParser(maximumDepth: 64).parse(source.bytes)
    } catch {
      throw .syntax(
        file: source.name, location: source.location(ofOffset: error.offset),
        message: error.message(in: source))
    }
    guard case .object(let members) = root.kind else {
      throw .notAnObject(file: source.name, found: root.typeDescription)
    }
    var values: [String: JSONValue] = [:]
    for member in members { values[member.name] = member.value }
    return StoreContents(values: values, source: source)
  }

  /// The file text: a pretty-printed JSON object with sorted keys and a trailing newline.
  public var text: String {
    let members = values.map { JSONValue.Member(name: $0.key, nameOffset: 0, value: $0.value) }
    return JSONWriter().string(JSONValue(.object(members)))
  }

  /// Where the stored value of `key` starts, for messages.
  public func location(of key: String) -> SourceLocation {
    guard let source, let value = values[key] else { return SourceLocation(line: 1, column: 1) }
    return source.location(ofOffset: value.offset)
  }
}
