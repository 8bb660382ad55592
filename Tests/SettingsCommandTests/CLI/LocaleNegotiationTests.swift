import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// One locale negotiation everywhere: BCP 47 lookup through CLDR's parent locales and likely
/// subtags, gettext's `LANGUAGE`, every example end to end.
@Suite(.serialized)
struct LocaleNegotiationTests {
  /// A title in Traditional and Simplified Chinese, French, German, two Portugueses, Spanish and
  /// English.
  static let document = #"""
    {"id": "langs", "title": {"en": "Settings", "zh-Hant": "設定", "zh-Hans": "设置", "fr": "Réglages",
      "de": "Einstellungen", "pt": "Ajustes", "pt-PT": "Definições", "es": "Ajustes ES"},
     "sections": [{"items": [
      {"key": "sound", "type": "switch", "title": {"en": "Sound", "zh-Hant": "聲音", "zh-Hans": "声音",
        "fr": "Son", "de": "Ton", "pt": "Som", "pt-PT": "Sons", "es": "Sonido"}},
      {"key": "alerts", "type": "switch", "title": "Alerts", "enabledWhen": {"sound": true}}
    ]}]}
    """#

  /// Without French: German comes next in `LANGUAGE=fr:de`.
  static let withoutFrench = #"""
    {"id": "langs", "title": {"en": "Settings", "de": "Einstellungen"}, "sections": [{"items": [
      {"key": "sound", "type": "switch", "title": {"en": "Sound", "de": "Ton"}}]}]}
    """#

  struct Fixture {
    let directory: TemporaryDirectory
    let path: String
    let germanPath: String
    init() throws {
      directory = try TemporaryDirectory()
      path = try directory.write("langs.json", LocaleNegotiationTests.document)
      germanPath = try directory.write("german.json", LocaleNegotiationTests.withoutFrench)
    }
    /// The title of `show`'s first row (sound) under `environment`.
    func title(_ environment: [String: String], _ arguments: [String] = [], path: String? = nil) -> String {
      let outcome = runCLI(
        ["-f", path ?? self.path, "--store", directory.file("s.json")] + arguments + [
          "show", "--width", "30",
        ],
        environment: environment.merging(["HOME": directory.path]) { $1 })
      guard let row = outcome.stdout.split(separator: "\n").first else { return outcome.stderr }
      return String(row.dropFirst(2).prefix { $0 != " " })
    }
  }

  @Test func theIssuesExamplesEndToEnd() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.title(["LANG": "zh_HK.UTF-8"]) == "聲音")
    #expect(fixture.title(["LANG": "zh_TW.UTF-8"]) == "聲音")
    #expect(fixture.title([:], ["--locale", "zh-MO"]) == "聲音")
    #expect(fixture.title(["LANG": "zh_SG.UTF-8"]) == "声音")
    #expect(fixture.title(["LANG": "zh_CN.UTF-8"]) == "声音")
    #expect(fixture.title(["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"]) == "Son")
    #expect(fixture.title(["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], path: fixture.germanPath) == "Ton")
    // LANGUAGE is ignored under C and POSIX (and with no locale at all), as gettext ignores it.
    #expect(fixture.title(["LANGUAGE": "fr:de", "LANG": "C"]) == "Sound")
    #expect(fixture.title(["LANGUAGE": "fr:de", "LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"]) == "Sound")
    #expect(fixture.title(["LANGUAGE": "fr:de"]) == "Sound")
    // --locale wins over LANGUAGE.
    #expect(fixture.title(["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], ["--locale", "de"]) == "Ton")
    #expect(fixture.title(["LANG": "pt_BR.UTF-8"]) == "Som")
    #expect(fixture.title(["LANG": "pt_PT.UTF-8"]) == "Sons")
    #expect(fixture.title(["LANG": "pt_AO.UTF-8"]) == "Sons")
    #expect(fixture.title([:], ["--locale", "es-419"]) == "Sonido")
    #expect(fixture.title(["LANG": "es_MX.UTF-8"]) == "Sonido")
    // describe, a condition's reason and the store's schema choose the same way.
    let environment = ["LANG": "zh_HK.UTF-8", "HOME": fixture.directory.path]
    let describe = runCLI(["-f", fixture.path, "describe", "sound"], environment: environment).stdout
    #expect(describe.contains("\ntitle:     聲音\n"), "\(describe)")
    let why = runCLI(["-f", fixture.path, "describe", "alerts"], environment: environment).stdout
    #expect(why.contains("\nenabled:       no (off while 聲音 is off)\n"), "\(why)")
    let schema = runCLI(["-f", fixture.path, "schema", "--for-store"], environment: environment).stdout
    #expect(schema.contains("聲音"), "\(schema)")
    #expect(!schema.contains("声音"))
  }

  @Test func theChainsFollowCLDR() {
    #expect(LocaleNegotiation.fallbackChain(for: "zh_MO") == ["zh-hant-mo", "zh-hant-hk", "zh-hant"])
    #expect(LocaleNegotiation.fallbackChain(for: "zh-HK") == ["zh-hant-hk", "zh-hant"])
    #expect(LocaleNegotiation.fallbackChain(for: "zh-SG") == ["zh-hans-sg", "zh-hans", "zh"])
    #expect(LocaleNegotiation.fallbackChain(for: "zh") == ["zh-hans-cn", "zh-hans", "zh"])
    #expect(LocaleNegotiation.fallbackChain(for: "es-MX") == ["es-mx", "es-419", "es"])
    #expect(LocaleNegotiation.fallbackChain(for: "es-419") == ["es-419", "es"])
    #expect(LocaleNegotiation.fallbackChain(for: "pt-BR") == ["pt-br", "pt"])
    #expect(LocaleNegotiation.fallbackChain(for: "pt-AO") == ["pt-ao", "pt-pt", "pt"])
    #expect(LocaleNegotiation.fallbackChain(for: "en-AT") == ["en-at", "en-150", "en-001", "en"])
    #expect(LocaleNegotiation.fallbackChain(for: "en-GB") == ["en-gb", "en-001", "en"])
    #expect(LocaleNegotiation.fallbackChain(for: "ko-KR") == ["ko-kr", "ko"])
    #expect(LocaleNegotiation.fallbackChain(for: "de-CH-1996") == ["de-ch-1996", "de-ch", "de"])
    // A document's zh-TW is Traditional, its bare zh Simplified.
    let translations = [(tag: "zh", text: "简"), (tag: "zh-TW", text: "繁"), (tag: "en", text: "E")]
    #expect(LocalizedText.choose(translations, for: ["zh-HK"]) == "E")
    #expect(LocalizedText.choose(translations, for: ["zh-Hant-TW"]) == "繁")
    #expect(LocalizedText.choose(translations, for: ["zh-SG"]) == "简")
    #expect(
      LocalizedText.preferredLocales(
        explicit: nil, environment: ["LANGUAGE": "fr:de_DE", "LANG": "en_US.UTF-8"])
        == ["fr", "de-DE"])
    #expect(
      LocalizedText.preferredLocales(explicit: nil, environment: ["LANGUAGE": "fr", "LANG": "C.UTF-8"]) == [])
    #expect(
      LocalizedText.preferredLocales(explicit: nil, environment: ["LANGUAGE": "", "LANG": "ko_KR.UTF-8"])
        == ["ko-KR"])
  }

  /// The page chooses through the browser's `Accept-Language` list the same way.
  @Test func thePageFollowsTheSameRules() throws {
    let server = try ServedSettings(document: Self.document)
    defer { _ = server.stop() }
    func title(_ languages: String) throws -> JSONValue.Kind? {
      try server.send("GET /api/page HTTP/1.1\r\n\(server.authorized)Accept-Language: \(languages)\r\n\r\n")
        .json?[member: "title"]?.kind
    }
    #expect(try title("zh-MO") == .string("設定"))
    #expect(try title("zh-SG, en;q=0.5") == .string("设置"))
    #expect(try title("es-419") == .string("Ajustes ES"))
    #expect(try title("pt-BR") == .string("Ajustes"))
    #expect(try title("it, de;q=0.8") == .string("Einstellungen"))
  }
}
