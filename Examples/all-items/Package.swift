// swift-tools-version: 6.0
// An app with a settings document of every item type, in a package of its own: it depends on the
// settings package by path and gets typed keys from SettingsKeysPlugin at build time.
import PackageDescription

// A package depended on by path is known by its folder's name (`settings` in a clone named so).
let settingsPath = "../.."
let settingsPackage = String(
  Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "settings"
).lowercased()

let package = Package(
  name: "all-items",
  dependencies: [.package(path: settingsPath)],
  targets: [
    .executableTarget(
      name: "all-items",
      dependencies: [.product(name: "SettingsKit", package: settingsPackage)],
      plugins: [.plugin(name: "SettingsKeysPlugin", package: settingsPackage)]
    )
  ],
  swiftLanguageModes: [.v6]
)
