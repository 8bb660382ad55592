#!/usr/bin/env bash
# Builds a package outside this repository that depends on it by URL (a file:// URL of this git
# repository, at the commit checked out), as an app would: one executable with the SettingsKit
# product alone, one with SettingsEtcd added (docs/LIBRARY.md).
#
#   Scripts/outside-package.sh [FOLDER]     (default: .build/outside-package)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
folder="${1:-.build/outside-package}"
revision="$(git rev-parse HEAD)"
rm -rf "$folder"
mkdir -p "$folder/Sources/LocalApp" "$folder/Sources/FleetApp"
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
swift build --package-path "$folder"
"$folder/.build/debug/LocalApp"
"$folder/.build/debug/FleetApp"
