// An app whose settings screen is settings.json, a document with an item of every type. The
// SettingsKeysPlugin turns it into `SettingKeys` at build time: each key typed by its item (Bool,
// choice enums, [Languages], Int, ExactDecimal, String, SecureText), child pages as namespaces,
// and the document itself as `SettingsDocument.generated`.
//
//   swift run all-items              # every value, typed
//   swift run all-items dark 15      # sets the theme and auto-lock, checked as `settings set` checks
//
// The store is the one `settings` uses for this document (`settings -f settings.json list` shows it).
import SettingsKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `error: message` to standard error.
func printError(_ message: String) {
  let line = "error: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
}

let environment = ["HOME", "XDG_CONFIG_HOME", "SETTINGS_STORE"].reduce(into: [String: String]()) {
  result, name in
  if let value = getenv(name) { result[name] = String(cString: value) }
}

do {
  let document = SettingsDocument.generated
  let store = try StorePolicy(documentID: document.id, environment: environment).store(forWriting: true)
  let settings = Settings(document: document, store: store)
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.count == 2 {
    guard let theme = SettingKeys.Theme(rawValue: arguments[0]), let minutes = Int(arguments[1]) else {
      let themes = SettingKeys.Theme.allCases.map(\.rawValue).joined(separator: ", ")
      printError("usage: all-items [THEME MINUTES]   (THEME: \(themes))")
      exit(64)
    }
    try settings.set(SettingKeys.theme, theme)
    try settings.set(SettingKeys.autoLock, minutes)
  }
  let theme: SettingKeys.Theme = try settings[SettingKeys.theme]
  print("airplane: \(try settings[SettingKeys.airplane])")
  print("theme: \(theme.rawValue)")
  print("languages: \(try settings[SettingKeys.languages].map(\.rawValue).joined(separator: ","))")
  print("device name: \(try settings[SettingKeys.deviceName])")
  print("auto-lock: \(try settings[SettingKeys.autoLock]) min")
  print("brightness: \(try settings[SettingKeys.brightness])")
  print("text scale: \(try settings[SettingKeys.scale])")
  print("wifi: \(try settings[SettingKeys.wifi].rawValue)")
  print("wifi password: \(try settings[SettingKeys.Wifi.password])")
  print("roaming: \(try settings[SettingKeys.Cellular.Options.roaming])")
  print("voice: \(try settings[SettingKeys.Cellular.Options.voice].rawValue)")
} catch let error as SettingsError {
  printError(error.message)
  exit(1)
} catch {
  printError("\(error)")
  exit(1)
}
