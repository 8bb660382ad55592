#!/usr/bin/env bash
# Builds a package outside this repository that depends on it by URL (a file:// URL of this git
# repository, at the commit checked out), as an app would: one executable with the SettingsKit
# product alone, one with SettingsEtcd added (docs/LIBRARY.md); and a store written there, whose
# tests run the SettingsKitTesting conformance kit, as a backend's package would.
#
#   Scripts/outside-package.sh [FOLDER]     (default: .build/outside-package)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
folder="${1:-.build/outside-package}"
revision="$(git rev-parse HEAD)"
rm -rf "$folder"
mkdir -p "$folder/Sources/LocalApp" "$folder/Sources/FleetApp" "$folder/Sources/OutsideStore" \
  "$folder/Tests/OutsideStoreTests"
cat >"$folder/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "outside",
  dependencies: [.package(url: "file://$root", revision: "$revision")],
  targets: [
    .executableTarget(
      name: "LocalApp", dependencies: [.product(name: "SettingsKit", package: "$(basename "$root")")]),
    .executableTarget(
      name: "FleetApp",
      dependencies: [
        .product(name: "SettingsKit", package: "$(basename "$root")"),
        .product(name: "SettingsEtcd", package: "$(basename "$root")"),
      ]),
    .target(name: "OutsideStore", dependencies: [.product(name: "SettingsKit", package: "$(basename "$root")")]),
    .testTarget(
      name: "OutsideStoreTests",
      dependencies: [
        "OutsideStore",
        .product(name: "SettingsKit", package: "$(basename "$root")"),
        .product(name: "SettingsKitTesting", package: "$(basename "$root")"),
      ]),
  ]
)
SWIFT
cat >"$folder/Sources/LocalApp/main.swift" <<'SWIFT'
import SettingsKit

let document = SettingsDocument.embedded(
  #"{"version": 1, "id": "outside", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}]}]}"#,
  name: "outside.json")
let settings = Settings(document: document, store: MemoryStore())
_ = try settings.toggle("a")
print("a is", try settings.isOn("a") ? "on" : "off")
SWIFT
cat >"$folder/Sources/FleetApp/main.swift" <<'SWIFT'
import SettingsEtcd
import SettingsKit

// The type is enough: this app links the fleet store (it is not started here, no etcd is needed).
let store: any SettingsStore.Type = EtcdStore.self
print("fleet store:", store)
SWIFT
cat >"$folder/Sources/OutsideStore/OutsideStore.swift" <<'SWIFT'
import SettingsKit

/// A store written outside SettingsKit (here it keeps its values in a MemoryStore, as an adapter
/// over another backend would keep them there).
public final class OutsideStore: SettingsStore {
  private let values = MemoryStore()

  public init() {}

  public var name: String { "outside" }

  public func read() throws(StoreError) -> StoreContents { try values.read() }

  public func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try values.update(body)
  }

  public func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    values.changes(after: revision)
  }
}
SWIFT
cat >"$folder/Tests/OutsideStoreTests/OutsideStoreTests.swift" <<'SWIFT'
import OutsideStore
import SettingsKit
import SettingsKitTesting
import Testing

@Test(arguments: StoreConformanceTest.Check.allCases)
func outsideStoreConforms(check: StoreConformanceTest.Check) async throws {
  let test = StoreConformanceTest(configuration: .init(reportsEveryUpdate: true)) {
    StoreUnderTest(OutsideStore())
  }
  try await test.run(check)
}
SWIFT
swift build --package-path "$folder" --build-tests
"$folder/.build/debug/LocalApp"
"$folder/.build/debug/FleetApp"
swift test --package-path "$folder" --skip-build
