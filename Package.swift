// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "settings",
  products: [
    .library(name: "SettingsKit", targets: ["SettingsKit"]),
    .executable(name: "settings", targets: ["settings"]),
  ],
  targets: [
    .target(name: "SettingsKit"),
    .executableTarget(name: "settings", dependencies: ["SettingsKit"]),
    .executableTarget(
      name: "airplane-mode",
      dependencies: ["SettingsKit"],
      path: "Examples/airplane-mode"
    ),
    .testTarget(name: "SettingsKitTests", dependencies: ["SettingsKit"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
