import SettingsPOSIX

// Text on the command line must be UTF-8, as a document must be: Swift would repair a word that
// is not (each bad byte becomes U+FFFD), and `set device-name $'ab\xffcd'` would store text the
// user never wrote. Only a path may hold other bytes: a file name is bytes, and the command layer
// takes paths byte for byte from ``CommandLineBytes``. The paths are the values of the options
// declared `.path` (`--file`, `--store`, `--etcd-password-file`) and the positional arguments
// declared `.path` (`validate [PATH]`, `load FILE`); anything else that is not UTF-8 (a key, a
// value, a `--message`, a subcommand's or option's name) is a usage error naming the word and the
// offset of its first bad byte.

extension Invocation {
  /// One word of the command line as the process received it, or part of one (an option's value);
  /// empty when the command line came as text only (then nothing is checked).
  struct ArgumentBytes: Sendable, Equatable {
    /// The bytes.
    var bytes: [UInt8]

    /// Argument `index` of `arguments`, or nothing when there are no bytes.
    init(_ arguments: [[UInt8]], _ index: Int) {
      bytes = arguments.indices.contains(index) ? arguments[index] : []
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where the value given in an option word starts (after `=` in `--name=value`, after `-X` in
    /// `-Xvalue`); the word's length when `inlineValue` is nil.
    func valueStart(inlineValue: String?) -> Int {
      guard inlineValue != nil, !bytes.isEmpty else { return bytes.count }
      guard bytes.starts(with: Array("--".utf8)) else { return min(2, bytes.count) }
      return (bytes.firstIndex(of: UInt8(ascii: "=")) ?? bytes.count - 1) + 1
    }

    /// The first `count` bytes.
    func prefix(_ count: Int) -> ArgumentBytes { ArgumentBytes(bytes: Array(bytes.prefix(count))) }

    /// The bytes after the first `count`.
    func dropFirst(_ count: Int) -> ArgumentBytes { ArgumentBytes(bytes: Array(bytes.dropFirst(count))) }

    /// The offset of the first byte that does not belong to well-formed UTF-8; nil when all do.
    var invalidUTF8Offset: Int? {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes.makeIterator()
      var offset = 0
      while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .error: return offset
        case .emptyInput: return nil
        }
      }
    }

    /// The bytes as messages show them: UTF-8 as text, other bytes as `\xFF`.
    var shown: String { "'\(SystemPath(bytes: bytes).description)'" }
  }

  /// Refuses a word that is no argument or option value (a subcommand's name, an option's name)
  /// when it is not UTF-8.
  static func refuseInvalidUTF8(_ word: ArgumentBytes, usage: Subcommand?) throws(CommandError) {
    guard let offset = word.invalidUTF8Offset else { return }
    throw notUTF8("Argument \(word.shown)", at: offset, usage: usage)
  }

  /// Refuses the value of `option` when it is not UTF-8, unless the option takes a path.
  static func refuseInvalidUTF8(
    _ value: ArgumentBytes, of option: OptionDefinition, usage: Subcommand?
  ) throws(CommandError) {
    if case .path = option.value { return }
    guard let offset = value.invalidUTF8Offset else { return }
    throw notUTF8("Value \(value.shown) of '\(option.name)'", at: offset, usage: usage)
  }

  /// Refuses a positional argument that is not UTF-8, unless every declaration it can stand for
  /// (``SubcommandDefinition/declarations(at:of:)``) is a path.
  static func refuseInvalidUTF8(
    _ argument: ArgumentBytes, as declarations: [ArgumentDefinition], usage: Subcommand?
  ) throws(CommandError) {
    if !declarations.isEmpty, declarations.allSatisfy({ $0.kind == .path }) { return }
    guard let offset = argument.invalidUTF8Offset else { return }
    let name = declarations.first.map { " (\($0.name))" } ?? ""
    throw notUTF8("Argument \(argument.shown)\(name)", at: offset, usage: usage)
  }

  /// The usage error for `what`, whose byte at `offset` is not UTF-8.
  private static func notUTF8(_ what: String, at offset: Int, usage: Subcommand?) -> CommandError {
    .usage(
      "\(what) is not valid UTF-8 at byte offset \(offset); only a path may hold bytes that are not UTF-8",
      subcommand: usage)
  }
}
