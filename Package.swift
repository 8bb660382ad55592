// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "settings",
  products: [
    .library(name: "SettingsKit", targets: ["SettingsKit", "SettingsPOSIX"]),
    .library(name: "SettingsEtcd", targets: ["SettingsEtcd"]),
    // The store contract as Swift Testing checks, for a store written in any package.
    .library(name: "SettingsKitTesting", targets: ["SettingsKitTesting"]),
    .executable(name: "settings", targets: ["settings"]),
    // Typed keys generated from a target's settings.json at build time (README, "Embedding the library").
    .plugin(name: "SettingsKeysPlugin", targets: ["SettingsKeysPlugin"]),
  ],
  targets: [
    // The library targets by dependency weight, bottom up (docs/ARCHITECTURE.md): the compiler
    // refuses a lower target that names a higher one. The build tools and executables come after them.
    // The one layer over the C library: descriptors, paths, files, watching, sockets, processes, threads.
    // glibc's malloc_trim(3), which the toolchain's Glibc module does not declare.
    .systemLibrary(name: "CMalloc"),
    .target(name: "SettingsPOSIX", dependencies: ["CMalloc"]),
    // What only the command layer needs of the C library: the terminal's modes and size, signal
    // handlers and the self-pipe, restoring the terminal on a crash, starting a helper program.
    .target(name: "SettingsTerminal", dependencies: ["SettingsPOSIX"]),
    // TCP on loopback and to etcd: listening, connecting with a timeout, reads and writes with deadlines.
    .target(name: "SettingsSockets", dependencies: ["SettingsPOSIX"]),
    // The HTTP/1.1 codec: bytes in, heads and bodies out, no I/O (serve and the etcd client share it).
    .target(name: "SettingsHTTP"),
    // The engine that embedders import: JSON, model, loading, values, stores, the table, rendering.
    .target(name: "SettingsKit", dependencies: ["SettingsPOSIX"]),
    // The conformance kit: the checks every SettingsStore and JournalingStore passes, with Swift Testing.
    .target(name: "SettingsKitTesting", dependencies: ["SettingsKit"]),
    // The fleet store on etcd's v3 JSON gateway.
    .target(
      name: "SettingsEtcd", dependencies: ["SettingsKit", "SettingsPOSIX", "SettingsSockets", "SettingsHTTP"]),
    // The server of `settings serve`.
    .target(
      name: "SettingsWeb", dependencies: ["SettingsKit", "SettingsPOSIX", "SettingsSockets", "SettingsHTTP"],
      plugins: ["EmbedWebFiles"]
    ),
    // Swift (typed keys, choice enums, the embedded document) from a settings document: one model for
    // the build-tool plugin's generator and `settings codegen`.
    .target(name: "SettingsCodegen", dependencies: ["SettingsKit", "SettingsPOSIX"]),
    // The command layer and the interactive screen: argv, exit statuses, stdout/stderr, the terminal.
    .target(
      name: "SettingsCommand",
      dependencies: [
        "SettingsKit", "SettingsPOSIX", "SettingsTerminal", "SettingsSockets", "SettingsHTTP", "SettingsEtcd",
        "SettingsWeb", "SettingsCodegen",
      ]
    ),
    .executableTarget(
      name: "settings-keys", dependencies: ["SettingsCodegen", "SettingsKit", "SettingsPOSIX"]),
    .plugin(name: "SettingsKeysPlugin", capability: .buildTool(), dependencies: ["settings-keys"]),
    // The page of `settings serve`: the files of Web/ become string literals in SettingsWeb at
    // build time (no resources at run time, so the static binary stays one file).
    .executableTarget(name: "embed-web-files", path: "Sources/embed-web-files"),
    .plugin(name: "EmbedWebFiles", capability: .buildTool(), dependencies: ["embed-web-files"]),
    // On Linux a release build links everything, the C library included, into one file, so a run
    // spends no time in the dynamic loader (docs/GUIDE.md, "Performance"); debug builds and macOS link as usual.
    .executableTarget(
      name: "settings",
      dependencies: ["SettingsCommand"],
      linkerSettings: [
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .executableTarget(
      name: "airplane-mode",
      dependencies: ["SettingsKit"],
      path: "Examples/airplane-mode",
      plugins: ["SettingsKeysPlugin"]
    ),
    // Test helpers that depend on no library target (processes, temporary folders, real tools).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SettingsPOSIXTests", dependencies: ["SettingsPOSIX", "TestSupport"]),
    .testTarget(name: "SettingsTerminalTests", dependencies: ["SettingsTerminal", "SettingsPOSIX"]),
    .testTarget(
      name: "SettingsSocketsTests", dependencies: ["SettingsSockets", "SettingsPOSIX", "TestSupport"]),
    .testTarget(name: "SettingsHTTPTests", dependencies: ["SettingsHTTP", "TestSupport"]),
    .testTarget(
      name: "SettingsKitTests",
      dependencies: ["SettingsKit", "SettingsKitTesting", "SettingsPOSIX", "TestSupport"]),
    .testTarget(
      name: "SettingsEtcdTests",
      dependencies: [
        "SettingsEtcd", "SettingsKit", "SettingsKitTesting", "SettingsPOSIX", "SettingsSockets",
        "TestSupport",
      ]),
    // SettingsWeb's app in process: requests in, pages and JSON out, no server and no binary.
    .testTarget(
      name: "SettingsWebTests",
      dependencies: ["SettingsWeb", "SettingsKit", "SettingsHTTP", "SettingsPOSIX", "TestSupport"]),
    .testTarget(
      name: "SettingsCommandTests",
      dependencies: [
        "SettingsCommand", "SettingsKit", "SettingsPOSIX", "SettingsTerminal", "SettingsSockets",
        "SettingsHTTP", "SettingsWeb", "SettingsEtcd", "TestSupport",
      ]
    ),
    // Builds its settings.json (Examples/all-items' document) into typed keys with the plugin.
    .testTarget(
      name: "SettingsCodegenTests", dependencies: ["SettingsCodegen", "SettingsKit", "TestSupport"],
      exclude: ["Goldens"], plugins: ["SettingsKeysPlugin"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin && target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
