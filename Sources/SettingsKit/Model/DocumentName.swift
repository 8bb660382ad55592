/// The rule for the names in a document: its `id`, section ids and item keys.
///
/// Names are ASCII letters, digits, `-` and `_` (and `.` in a document id, which must have
/// something besides dots: it names the store file), at most ``maximumLength`` characters. A
/// document id may not end in `.view`: the store of `x.view` (`x.view.json`) would be the
/// view-state file of document `x`.
enum DocumentName {
  /// The longest id, key or section id accepted, in characters (they are ASCII, so also bytes).
  static let maximumLength = 128

  /// Why `text` is not a valid name, as a message fragment, or nil when it is.
  static func problem(_ text: String, allowingDots: Bool) -> String? {
    let allowed =
      allowingDots ? "ASCII letters, digits, '.', '-' and '_'" : "ASCII letters, digits, '-' and '_'"
    let isAllowed = text.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || (allowingDots && byte == UInt8(ascii: "."))
    }
    if text.isEmpty || !isAllowed { return "use \(allowed)" }
    if text.utf8.count > maximumLength {
      return "it has \(text.utf8.count) characters; the limit is \(maximumLength)"
    }
    if allowingDots, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
      return "an id of only dots would name no file; use a letter, digit, '-' or '_' too"
    }
    if allowingDots, text.lowercased().hasSuffix(".view") {
      return "an id ending in '.view' would share its store file with the view-state file of document "
        + "\"\(text.dropLast(5))\"; choose another ending"
    }
    return nil
  }

  /// Why `key` is not a valid item key (its own key, without a page's prefix), or nil when it is.
  static func keyProblem(_ key: String) -> String? {
    guard let problem = problem(key, allowingDots: false) else { return nil }
    return problem.hasPrefix("use ")
      ? "use at most \(maximumLength) ASCII letters, digits, '-' and '_'" : problem
  }
}
