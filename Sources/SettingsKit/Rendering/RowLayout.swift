/// Lays out rows as terminal lines of an exact width, in display columns.
///
/// A row's line is: a 2-column margin (`* ` when modified), the icon column when the screen has
/// icons (3 columns: the emoji and a space), the title, at least one space, and the accessory,
/// whose last column is the width's last column. A subtitle gets a second line that starts under
/// the title. Text from the document is escaped first (``TerminalText/escaped(_:)``) and measured
/// as shown (``DisplayWidth``); a title too long is cut with an ellipsis. No line is ever wider
/// than `width`, down to a width of 1.
public struct RowLayout: Sendable {
  /// The line width in display columns (at least 1).
  public var width: Int
  /// Whether rows reserve the icon column.
  public var showsIcons: Bool
  /// Whether to add ANSI styling.
  var style: TextStyle

  /// Creates a layout.
  public init(width: Int, showsIcons: Bool, colors: Bool) {
    self.width = max(1, width)
    self.showsIcons = showsIcons
    self.style = TextStyle(enabled: colors)
  }

  /// The row's lines, each exactly `width` columns wide for the title line and at most `width` for
  /// the subtitle line, without newlines.
  public func lines(for row: RowContent) -> [String] {
    var text = ""
    append(row, to: &text)
    return text.split(separator: "\n").map(String.init)
  }

  /// Appends the row's lines (see ``lines(for:)``) to `output`, each followed by a newline.
  ///
  /// The renderer's path: it writes straight into one buffer, with no string per line or per part.
  func append(_ row: RowContent, to output: inout String) {
    let prefixWidth = 2 + (showsIcons ? 3 : 0)
    let title = TerminalText.escaped(row.title)
    let (accessoryPlain, accessoryStyled) = accessoryText(row.accessory)
    let accessoryWidth = DisplayWidth.of(accessoryPlain)
    let titleRoom = width - prefixWidth - accessoryWidth - (accessoryWidth > 0 ? 1 : 0)
    if titleRoom >= 1 {
      var shownTitle = title
      var titleWidth = DisplayWidth.of(title)
      if titleWidth > titleRoom {
        shownTitle = TerminalText.cut(title, toWidth: titleRoom).text
        titleWidth = DisplayWidth.of(shownTitle)
      }
      if let marker = row.marker {
        output.append(style.marker(marker + " "))
      } else {
        output.append("  ")
      }
      if showsIcons {
        if let icon = row.icon {
          output.append(icon)
          output.append(" ")
        } else {
          output.append("   ")
        }
      }
      output.append(row.disabledReason != nil ? style.dim(shownTitle) : shownTitle)
      Self.appendSpaces(width - prefixWidth - titleWidth - accessoryWidth, to: &output)
      output.append(accessoryStyled)
    } else {
      // Too narrow for the layout: the row's text cut to the width, marker and accessory first.
      let marker = row.marker ?? ""
      let plain = marker + (accessoryWidth > 0 ? accessoryPlain + " " + title : title)
      output.append(TerminalText.padded(TerminalText.truncated(plain, toWidth: width), toWidth: width))
    }
    output.append("\n")
    // The subtitle, then why the row is disabled, each on a line of its own under the title.
    for note in [row.subTitle, row.disabledReason.map { "(\($0))" }] where width - prefixWidth >= 1 {
      guard let note else { continue }
      let shown = TerminalText.truncated(TerminalText.escaped(note), toWidth: width - prefixWidth)
      Self.appendSpaces(prefixWidth, to: &output)
      output.append(style.dim(shown))
      output.append("\n")
    }
  }

  /// Spaces to copy from, so that padding is one append rather than a new string.
  private static let spaces = String(repeating: " ", count: 256)

  /// Appends `count` spaces (none when `count` is 0 or less).
  static func appendSpaces(_ count: Int, to output: inout String) {
    var remaining = count
    while remaining > 0 {
      let chunk = min(remaining, 256)
      let utf8 = spaces.utf8
      output.append(contentsOf: spaces[..<utf8.index(utf8.startIndex, offsetBy: chunk)])
      remaining -= chunk
    }
  }

  /// The accessory as plain text (for measuring) and as styled text (for output).
  func accessoryText(_ accessory: RowContent.Accessory) -> (String, String) {
    switch accessory {
    case .none:
      return ("", "")
    case .switchState(let flag):
      return flag ? ("on", style.on("on")) : ("off", style.dim("off"))
    case .chevron:
      return ("›", style.dim("›"))
    case .detail(let text):
      let shown = TerminalText.truncated(TerminalText.escaped(text), toWidth: max(1, width / 3))
      return (shown + " ›", style.dim(shown + " ›"))
    case .text(let text):
      let shown = TerminalText.truncated(TerminalText.escaped(text), toWidth: max(1, width / 2))
      return (shown, style.dim(shown))
    }
  }

  /// A collapsible section's title row: `▾` (open) or `▸` (closed), the title, and at the right
  /// edge the summary when one is given. The markers are East Asian Width "N", one column everywhere.
  public func titleLine(_ title: String, isExpanded: Bool, summary: String?) -> String {
    let marker = isExpanded ? "▾ " : "▸ "
    let shownSummary =
      summary.map { TerminalText.truncated(TerminalText.escaped($0), toWidth: max(0, width / 2)) } ?? ""
    let summaryWidth = DisplayWidth.of(shownSummary)
    let room = width - 2 - summaryWidth - (summaryWidth > 0 ? 1 : 0)
    guard room >= 1 else {
      return TerminalText.truncated(marker + TerminalText.escaped(title), toWidth: width)
    }
    let shownTitle = TerminalText.truncated(TerminalText.escaped(title), toWidth: room)
    guard summaryWidth > 0 else { return style.header(marker + shownTitle) }
    let gap = width - 2 - DisplayWidth.of(shownTitle) - summaryWidth
    return style.header(marker + shownTitle) + String(repeating: " ", count: gap) + style.dim(shownSummary)
  }

  /// A section header line: the escaped text, cut to the width.
  public func headerLine(_ text: String) -> String {
    style.header(TerminalText.truncated(TerminalText.escaped(text), toWidth: width))
  }

  /// A section footer's lines: the escaped text wrapped to the width less a 2-column indent.
  public func footerLines(_ text: String) -> [String] {
    let indent = width > 2 ? 2 : 0
    return TerminalText.wrapped(TerminalText.escaped(text), toWidth: width - indent).map {
      String(repeating: " ", count: indent) + style.dim(TerminalText.truncated($0, toWidth: width - indent))
    }
  }
}
