// A small tool that embeds SettingsKit: it reads and flips the example screen's airplane-mode switch
// in the same store `settings` uses, prints the state it leaves, and follows changes made by any
// process through `updates` (the stream of changes kept to one key). Its keys are typed:
// SettingsKeysPlugin generates `SettingKeys.airplane` (a `SettingKey<Bool>`) and
// `SettingsDocument.generated` from settings.json (the embedded default,
// Examples/ios-settings.json) when it is built, so a key the document loses breaks the build.
//
//   swift run airplane-mode          # prints the current state
//   swift run airplane-mode toggle   # flips it and prints the new state; `settings get airplane` agrees
//   swift run airplane-mode watch    # prints airplane mode now and after every change, from any
//                                    # process (`settings set airplane on`), until interrupted;
//                                    # `watch N` stops after N changes
import SettingsKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let environment = ["HOME", "XDG_CONFIG_HOME", "SETTINGS_STORE"].reduce(into: [String: String]()) {
  result, name in
  if let value = getenv(name) { result[name] = String(cString: value) }
}

/// Writes `error: message` to standard error.
func printError(_ message: String) {
  let line = "error: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
}

do {
  let document = SettingsDocument.generated
  // The store `settings` uses; a write never creates a home directory that does not exist.
  let store = try StorePolicy(documentID: document.id, environment: environment).store(forWriting: true)
  let settings = Settings(document: document, store: store)
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.first == "toggle" {
    let isOn = try settings.toggle(SettingKeys.airplane)
    print("airplane mode is \(isOn ? "on" : "off")")
  } else if arguments.first == "watch" {
    // The current value first, then one line per change, wherever it was made.
    var remaining = arguments.count > 1 ? Int(arguments[1]) ?? 0 : -1
    for await isOn in try settings.updates(SettingKeys.airplane) {
      print("airplane mode is \(isOn ? "on" : "off")")
      fflush(nil)
      if remaining == 0 { break }
      remaining -= 1
    }
  } else {
    print("airplane mode is \(try settings[SettingKeys.airplane] ? "on" : "off")")
  }
} catch let error as SettingsError {
  printError(error.message)
  exit(1)
} catch {
  printError("\(error)")
  exit(1)
}
