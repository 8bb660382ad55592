// libFuzzer's entry point for every target in Fuzz/: Scripts/fuzz.sh compiles them all with every
// file of Sources/SettingsKit into one binary (the engine compiled once, not once a target) and
// picks the target with the environment variable SETTINGS_FUZZ_TARGET.

/// Each target's entry point by its name (the name of its file).
let fuzzTargets: [String: @Sendable (UnsafePointer<UInt8>?, Int) -> Int32] = [
  "DocumentLoaderFuzzer": documentLoaderFuzzerTestOneInput,
  "StoreReaderFuzzer": storeReaderFuzzerTestOneInput,
  "CacheReaderFuzzer": cacheReaderFuzzerTestOneInput,
  "HTTPCodecFuzzer": httpCodecFuzzerTestOneInput,
  "EtcdGatewayFuzzer": etcdGatewayFuzzerTestOneInput,
]

/// The target SETTINGS_FUZZ_TARGET names, looked up once; the process ends with status 2 when it
/// names none.
let selectedFuzzTarget: @Sendable (UnsafePointer<UInt8>?, Int) -> Int32 = {
  let name = systemEnvironment().first { $0.name == Array("SETTINGS_FUZZ_TARGET".utf8) }
    .map { String(decoding: $0.value, as: UTF8.self) }
  guard let name, let target = fuzzTargets[name] else {
    print("SETTINGS_FUZZ_TARGET must be one of: " + fuzzTargets.keys.sorted().joined(separator: ", "))
    systemExit(2)
  }
  return target
}()

/// libFuzzer's entry point: runs one input through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func settingsFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  selectedFuzzTarget(data, size)
}

/// libFuzzer's start-up hook: ends the process (status 2, with the names it takes) before any input
/// runs when SETTINGS_FUZZ_TARGET names no target, so that no crash is recorded for it.
@_cdecl("LLVMFuzzerInitialize")
public func settingsFuzzerInitialize(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
  _ = selectedFuzzTarget
  return 0
}
