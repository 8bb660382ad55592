/// Choosing among a display string's translations, and the user's locale preferences.
///
/// A display string (a title, subtitle, header, footer, right detail or choice title) may be a
/// plain string or an object by locale tag: `{"ko": "켬", "en": "On"}`. The fallback order is: each
/// preferred tag exactly (`ko-KR`), then its language (`ko`), then `en`, then the object's first entry.
public enum LocalizedText {
  /// The translation for the first matching preference, per the fallback order above.
  public static func choose(_ translations: [(tag: String, text: String)], for locales: [String]) -> String? {
    func normalized(_ tag: String) -> String { String(tag.lowercased().map { $0 == "_" ? "-" : $0 }) }
    let candidates = translations.map { (tag: normalized($0.tag), text: $0.text) }
    var wanted: [String] = []
    for locale in locales.map(normalized) {
      wanted.append(locale)
      if let dash = locale.firstIndex(of: "-") { wanted.append(String(locale[..<dash])) }
    }
    wanted.append("en")
    for tag in wanted {
      if let match = candidates.first(where: { $0.tag == tag }) { return match.text }
    }
    return candidates.first?.text
  }

  /// The preferred locales: `--locale` when given, else the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
  /// that is set, as a tag (`ko_KR.UTF-8` → `ko-KR`); `C` and `POSIX` name no language.
  public static func preferredLocales(explicit: String?, environment: [String: String]) -> [String] {
    let raw =
      explicit
      ?? ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard var tag = raw else { return [] }
    if let dot = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = String(tag[..<dot]) }
    if tag == "C" || tag == "POSIX" || tag.isEmpty { return [] }
    return [String(tag.map { $0 == "_" ? "-" : $0 })]
  }
}
