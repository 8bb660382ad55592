/// Choosing among a display string's translations, and the user's locale preferences.
///
/// A display string (a title, subtitle, header, footer, right detail or choice title) may be a
/// plain string or an object by locale tag: `{"ko": "켬", "en": "On"}`. The fallback order is BCP 47
/// lookup (RFC 4647) through CLDR's parent locales and likely subtags (`LocaleNegotiation`): for
/// each preference in order, the tag, then its parents (`zh-MO` → `zh-Hant-HK` → `zh-Hant`; `es-MX`
/// → `es-419` → `es`; `pt-BR` → `pt`); then `en`; then the object's first entry. Every command,
/// the screen, the page (its browser's `Accept-Language` list) and the schemas choose through it.
public enum LocalizedText {
  /// The translation for the first matching preference, per the fallback order above.
  public static func choose(_ translations: [(tag: String, text: String)], for locales: [String]) -> String? {
    let candidates = translations.map {
      (tag: LocaleNegotiation.canonicalTranslation($0.tag), text: $0.text)
    }
    let wanted = locales.flatMap(LocaleNegotiation.fallbackChain(for:)) + ["en"]
    for tag in wanted {
      if let match = candidates.first(where: { $0.tag == tag }) { return match.text }
    }
    return candidates.first?.text
  }

  /// The preferred locales, most preferred first: `--locale` when given; else, as GNU gettext
  /// reads the environment, the locale is the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set
  /// (`ko_KR.UTF-8` → `ko-KR`; none, `C` or `POSIX` name no language), and when it names one,
  /// `LANGUAGE`'s colon-separated list (`fr:de_DE`) comes in its place; `LANGUAGE` is ignored
  /// under `C` or `POSIX`, as gettext ignores it.
  public static func preferredLocales(explicit: String?, environment: [String: String]) -> [String] {
    if let explicit { return tag(fromLocale: explicit).map { [$0] } ?? [] }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale, let tag = tag(fromLocale: locale) else { return [] }
    let languages = (environment["LANGUAGE"] ?? "").split(separator: ":").compactMap {
      Self.tag(fromLocale: String($0))
    }
    return languages.isEmpty ? [tag] : languages
  }

  /// A POSIX locale name as a tag (`ko_KR.UTF-8` → `ko-KR`, `sr_RS@latin` → `sr-RS`), or nil for
  /// `C`, `POSIX` and the empty name.
  static func tag(fromLocale name: String) -> String? {
    var tag = name
    if let dot = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = String(tag[..<dot]) }
    if tag == "C" || tag == "POSIX" || tag.isEmpty { return nil }
    return String(tag.map { $0 == "_" ? "-" : $0 })
  }

  /// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646, section 2.1), ignoring case:
  /// `ko`, `en-US`, `zh-Hant-TW`, `de-CH-1996`, `x-custom`; `_` is read as `-` (`ko_KR`), as the
  /// fallback order reads it. Well-formed is about the shape only: `qq-ZZ` is well-formed.
  public static func isWellFormedTag(_ tag: String) -> Bool {
    let lowered = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    if grandfathered.contains(lowered) { return true }
    let parts = lowered.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
    func isAlpha(_ part: [UInt8]) -> Bool { part.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
    func isDigits(_ part: [UInt8]) -> Bool { part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    guard
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { isAlpha([$0]) || isDigits([$0]) } })
    else { return false }
    var index = 0
    func privateUse() -> Bool {
      // "x" and at least one subtag of 1 to 8 letters or digits, to the end.
      parts[index] == [UInt8(ascii: "x")] && index + 1 < parts.count
    }
    if privateUse() { return true }
    guard isAlpha(parts[0]), parts[0].count >= 2 else { return false }
    index = 1
    if parts[0].count <= 3 {
      var extlangs = 0
      while index < parts.count, extlangs < 3, parts[index].count == 3, isAlpha(parts[index]) {
        index += 1
        extlangs += 1
      }
    }
    if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) { index += 1 }
    if index < parts.count,
      (parts[index].count == 2 && isAlpha(parts[index]))
        || (parts[index].count == 3 && isDigits(parts[index]))
    {
      index += 1
    }
    while index < parts.count,
      parts[index].count >= 5 || (parts[index].count == 4 && isDigits([parts[index][0]]))
    {
      index += 1
    }
    while index < parts.count, parts[index].count == 1, parts[index] != [UInt8(ascii: "x")] {
      index += 1
      let first = index
      while index < parts.count, parts[index].count >= 2 { index += 1 }
      guard index > first else { return false }
    }
    if index < parts.count, privateUse() { return true }
    return index == parts.count
  }

  /// The tags RFC 5646 keeps from earlier rules, which the grammar above does not produce.
  static let grandfathered: Set<String> = [
    "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
    "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban",
    "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
  ]
}
