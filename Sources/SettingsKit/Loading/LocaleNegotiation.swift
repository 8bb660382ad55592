/// The one locale negotiation of every command, the screen and the page: BCP 47 lookup (RFC 4647,
/// section 3.4) over the preferences in order, where each preference falls back through CLDR's
/// parent locales, and a tag without a script gets the script its likely subtags give it where
/// the script decides the text (Chinese).
///
/// So `zh-HK` and `zh-MO` read `zh-Hant` text and `zh-SG` reads `zh-Hans` text; `zh-Hant` never
/// falls back to `zh` (Simplified), as CLDR's parent of `zh_Hant` is the root; `es-MX` falls
/// back to `es-419`, then `es`; `pt-AO` to `pt-PT`, then `pt`; `pt-BR` straight to `pt`; `en-GB` to
/// `en-001`, then `en`. A tag CLDR gives no parent to loses its last subtag, as RFC 4647 has it.
///
/// The data is the part of CLDR 46's `supplemental/likelySubtags.xml` and
/// `supplemental/supplementalData.xml` (`parentLocales`) that changes which text is chosen for
/// these languages; tags are lowercase, `-` separated.
enum LocaleNegotiation {
  /// Names these rules in the document cache's fingerprint: a cache whose text an earlier
  /// negotiation chose is not trusted. Change it with the rules or the data.
  static let rules = "bcp47-lookup+cldr46-parents+likely-scripts+gettext-language"

  /// The tags to look for, most specific first, for one preference (any case, `_` or `-`).
  static func fallbackChain(for tag: String) -> [String] {
    var chain: [String] = []
    var current: String? = canonical(tag)
    while let tag = current, !tag.isEmpty {
      chain.append(tag)
      current = parent(of: tag)
    }
    return chain
  }

  /// `tag` lowercased with `-`, and with the script its likely subtags give it where that decides
  /// the text: `zh-TW` → `zh-hant-tw`, `zh-SG` → `zh-hans-sg`, `zh` → `zh-hans-cn`... but a bare
  /// language in a document's translations stays itself (``canonicalTranslation(_:)``).
  static func canonical(_ tag: String) -> String {
    let lowered = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    var parts = lowered.split(separator: "-").map(String.init)
    guard let language = parts.first, let scripts = likelyScripts[language] else { return lowered }
    let hasScript = parts.count > 1 && parts[1].count == 4
    guard !hasScript else { return lowered }
    let region = parts.count > 1 && (parts[1].count == 2 || parts[1].count == 3) ? parts[1] : nil
    let script = region.flatMap { scripts.byRegion[$0] } ?? scripts.default
    parts.insert(script, at: 1)
    if region == nil { parts.insert(scripts.defaultRegion, at: 2) }
    return parts.joined(separator: "-")
  }

  /// A document's translation tag for matching: as ``canonical(_:)``, except that a bare
  /// language (`zh`) stays itself, the end of every chain of that language.
  static func canonicalTranslation(_ tag: String) -> String {
    let lowered = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    return lowered.contains("-") ? canonical(lowered) : lowered
  }

  /// CLDR's parent of `tag` when it names one (the root: nil), else `tag` without its last subtag
  /// (and a singleton left before it).
  static func parent(of tag: String) -> String? {
    if let explicit = parentLocales[tag] { return explicit }
    var parts = tag.split(separator: "-").map(String.init)
    guard parts.count > 1 else { return nil }
    let language = parts[0]
    if parts.count == 2, let region = Optional(parts[1]), region.count == 2 || region.count == 3 {
      if language == "es", spanishOf419.contains(region) { return "es-419" }
      if language == "pt", portugueseOfPT.contains(region) { return "pt-pt" }
      if language == "en", englishOf150.contains(region) { return "en-150" }
      if language == "en", englishOf001.contains(region) { return "en-001" }
    }
    parts.removeLast()
    if let last = parts.last, last.count == 1 { parts.removeLast() }
    return parts.joined(separator: "-")
  }

  /// Likely subtags (CLDR 46) for the languages whose script decides the text: the script by
  /// region, else the default script and region.
  static let likelyScripts: [String: (default: String, defaultRegion: String, byRegion: [String: String])] = [
    // zh → zh_Hans_CN; zh_HK → zh_Hant_HK; zh_MO → zh_Hant_MO; zh_TW → zh_Hant_TW.
    "zh": ("hans", "cn", ["hk": "hant", "mo": "hant", "tw": "hant"]),
    // sr → sr_Cyrl_RS; sr_ME → sr_Latn_ME.
    "sr": ("cyrl", "rs", ["me": "latn"]),
  ]

  /// CLDR 46 `parentLocales` entries that are not a region rule below: `zh_Hant` and `sr_Latn`
  /// descend from the root (nil: not from Simplified Chinese or Cyrillic Serbian), `zh_Hant_MO`
  /// from `zh_Hant_HK`, `en_150` from `en_001`. (`es_419`, `pt_PT` and `en_001` truncate.)
  static let parentLocales: [String: String?] = [
    "zh-hant": nil, "zh-hant-mo": "zh-hant-hk", "sr-latn": nil, "en-150": "en-001",
  ]

  /// The regions whose Spanish has `es_419` as its parent (CLDR 46).
  static let spanishOf419: Set<String> = [
    "ar", "bo", "br", "bz", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "pr",
    "py", "sv", "us", "uy", "ve",
  ]

  /// The regions whose Portuguese has `pt_PT` as its parent (CLDR 46).
  static let portugueseOfPT: Set<String> = [
    "ao", "ch", "cv", "fr", "gq", "gw", "lu", "mo", "mz", "st", "tl",
  ]

  /// The regions whose English has `en_150` (Europe) as its parent (CLDR 46).
  static let englishOf150: Set<String> = [
    "at", "be", "ch", "de", "dk", "fi", "nl", "se", "si",
  ]

  /// The regions whose English has `en_001` (world English) as its parent (CLDR 46; not `US` and
  /// the regions that follow US English, whose parent is `en`).
  static let englishOf001: Set<String> = [
    "ag", "ai", "au", "bb", "bm", "bs", "bw", "bz", "cc", "ck", "cm", "cx", "cy", "dg", "dm", "er", "fj",
    "fk", "fm", "gb", "gd", "gg", "gh", "gi", "gm", "gy", "hk", "ie", "il", "im", "in", "io", "je", "jm",
    "ke", "ki", "kn", "ky", "lc", "lr", "ls", "mg", "mo", "ms", "mt", "mu", "mv", "mw", "my", "na", "nf",
    "ng", "nr", "nu", "nz", "pg", "pk", "pn", "pw", "rw", "sb", "sc", "sd", "sg", "sh", "sl", "ss", "sx",
    "sz", "tc", "tk", "to", "tt", "tv", "tz", "ug", "vc", "vg", "vu", "ws", "za", "zm", "zw",
  ]
}
