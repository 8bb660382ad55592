/// What the last batches of changes made elsewhere were about, as ``SettingsScreen/takeOutsideEvents(_:)``
/// took them: the line mode says each key in a line of its own (``LineScreen/outsideLines(before:snapshot:reloaded:)``)
/// and the store's and the document's messages from the status line, which the full screen shows.
struct OutsideNews: Sendable, Equatable {
  /// The keys whose value, lock or rejected stored value changed elsewhere, in the order reported
  /// (a key may come more than once); an items file's keys too.
  var keys: [String] = []
  /// The messages about the store, the document and the system files (`The store reads again`,
  /// `Warning: …`), in the order reported.
  var messages: [String] = []
  /// The status that the events about keys left (`beta is now locked: …`), which the line mode
  /// says in its own words; nil when the status is about the store or the document.
  var keyStatus: String?
}
