// The generator behind SettingsKeysPlugin: `settings-keys INPUT OUTPUT` reads the settings document
// INPUT (and nothing else), checks it with the library's loader and writes OUTPUT, the Swift of
// `settings codegen swift`. A document that does not load fails the build: each problem on standard
// error as `FILE:LINE:COLUMN: error: PATH: MESSAGE`, and exit status 1.
import SettingsCodegen
import SettingsKit
import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `lines` to standard error, each escaped for a terminal (a key or path with a control
/// character stays one visible line), and exits with status 1.
func fail(_ lines: [String]) -> Never {
  for line in lines {
    let text = TerminalText.escaped(line) + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
  }
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else { fail(["usage: settings-keys INPUT OUTPUT"]) }
let source: CodegenSource
do {
  source = try CodegenSource(path: SystemPath(arguments[0]))
} catch {
  fail(CodegenSource.diagnostics(for: error))
}
do {
  let swift = try source.swift()
  try AtomicFile.write(Array(swift.utf8), to: arguments[1])
} catch let error as CodegenError {
  fail([error.diagnostic])
} catch {
  fail(["error: cannot write \(arguments[1]): \(error)"])
}
