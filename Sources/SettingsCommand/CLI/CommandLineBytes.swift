import SettingsKit
import SettingsPOSIX

/// The command line and the environment as the bytes the process received, for paths.
///
/// `CommandLine.arguments` and Swift strings repair bytes that are not UTF-8 (each becomes U+FFFD),
/// so a path such as `$'/tmp/d\xfe/s.json'` would name another file. The parser works on the
/// repaired text; a path argument or environment value is then looked up here to get its exact
/// bytes back (``path(forArgument:)``, ``path(forEnvironment:value:)``). Without bytes (in tests
/// that run the command layer in-process) a path is the UTF-8 of its text.
public struct CommandLineBytes: Sendable, Equatable {
  /// The arguments after the program name, as bytes.
  public var arguments: [[UInt8]]
  /// The environment's values as bytes, by name. A value that is missing here reads as the UTF-8
  /// of its text: the process's own command line keeps only the values that are not UTF-8.
  public var environment: [String: [UInt8]]

  /// Creates the bytes of a command line; empty when there are none to give.
  public init(arguments: [[UInt8]] = [], environment: [String: [UInt8]] = [:]) {
    self.arguments = arguments
    self.environment = environment
  }

  /// The path that the (repaired) argument text `value` came from: the bytes of the argument that
  /// reads as `value`, or of the part after the first `=` of an argument `--name=value`. When
  /// several arguments read alike the first is taken; when none does, the UTF-8 of `value`.
  public func path(forArgument value: String) -> SystemPath {
    let wanted = Array(value.utf8)
    for argument in arguments where Self.repaired(argument) == wanted {
      return SystemPath(bytes: argument)
    }
    for argument in arguments where argument.starts(with: Array("--".utf8)) {
      guard let equals = argument.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let rest = Array(argument[(equals + 1)...])
      if Self.repaired(rest) == wanted { return SystemPath(bytes: rest) }
    }
    return SystemPath(value)
  }

  /// The path in the environment variable `name`, whose (repaired) text is `value`: its bytes when
  /// they read as `value`, else the UTF-8 of `value`.
  public func path(forEnvironment name: String, value: String) -> SystemPath {
    if let bytes = environment[name], Self.repaired(bytes) == Array(value.utf8) {
      return SystemPath(bytes: bytes)
    }
    return SystemPath(value)
  }

  /// The command line of this process: `argv` (`CommandLine.unsafeArgv`) and `environ`, as bytes,
  /// with the environment as text (``environment(count:_:)``).
  static func current() -> (bytes: CommandLineBytes, environment: [String: String]) {
    var arguments: [[UInt8]] = []
    arguments.reserveCapacity(max(Int(CommandLine.argc) - 1, 0))
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      var length = 0
      while argument[length] != 0 { length += 1 }
      arguments.append(Array(UnsafeRawBufferPointer(start: argument, count: length)))
    }
    let (environment, notUTF8) = Self.environment(
      count: systemEnvironmentCount(), systemForEachEnvironmentEntry)
    return (CommandLineBytes(arguments: arguments, environment: notUTF8), environment)
  }

  /// The environment that `forEachEntry` gives (each entry's name and value as bytes, in order):
  /// every value as text by name (decoded as ``path(forEnvironment:value:)`` reads it), and as
  /// bytes the values that are not UTF-8 (the others are their text's UTF-8). A later entry of a
  /// name replaces an earlier one. `count` (entries) only reserves room.
  ///
  /// One pass and one dictionary of every value: a second one, of the bytes of every value, was
  /// a tenth of a `get`.
  static func environment(
    count: Int, _ forEachEntry: ((UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) -> Void
  ) -> (text: [String: String], notUTF8: [String: [UInt8]]) {
    var text: [String: String] = Dictionary(minimumCapacity: count)
    var notUTF8: [String: [UInt8]] = [:]
    forEachEntry { name, value in
      let name = String(decoding: name, as: UTF8.self)
      let decoded = String(decoding: value, as: UTF8.self)
      text[name] = decoded
      if decoded.utf8.elementsEqual(value) {
        if !notUTF8.isEmpty { notUTF8[name] = nil }
      } else {
        notUTF8[name] = Array(value)
      }
    }
    return (text, notUTF8)
  }

  /// The UTF-8 of the text that Swift makes of `bytes` (invalid sequences become U+FFFD).
  private static func repaired(_ bytes: [UInt8]) -> [UInt8] {
    Array(String(decoding: bytes, as: UTF8.self).utf8)
  }
}
