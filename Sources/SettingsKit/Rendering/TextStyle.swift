/// Whether output carries colour and styling (ANSI SGR sequences), decided once by the CLI.
///
/// Follows swift-format's injected colour mode: the renderer never looks at the terminal or the
/// environment itself.
package enum ColorMode: String, Sendable, CaseIterable {
  /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty (no-color.org).
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never

  /// Whether to style, given whether stdout is a terminal and the environment.
  package func isEnabled(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }
}

/// The styles the renderer applies, as SGR codes; all empty when colour is off.
struct TextStyle: Sendable {
  var enabled: Bool

  func apply(_ code: String, _ text: String) -> String {
    guard enabled, !code.isEmpty, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  func header(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func on(_ text: String) -> String { apply("32", text) }
  func marker(_ text: String) -> String { apply("33", text) }
}
