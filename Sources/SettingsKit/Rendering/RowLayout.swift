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
    let margin = row.isModified ? "* " : "  "
    var iconText = ""
    if showsIcons { iconText = row.icon.map { $0 + " " } ?? "   " }
    let prefixWidth = 2 + (showsIcons ? 3 : 0)
    let title = TerminalText.escaped(row.title)

    let (accessoryPlain, accessoryStyled) = accessoryText(row.accessory)
    let accessoryWidth = DisplayWidth.of(accessoryPlain)
    var result: [String] = []
    let titleRoom = width - prefixWidth - accessoryWidth - (accessoryWidth > 0 ? 1 : 0)
    if titleRoom >= 1 {
      let shownTitle = TerminalText.truncated(title, toWidth: titleRoom)
      let gap = width - prefixWidth - DisplayWidth.of(shownTitle) - accessoryWidth
      result.append(
        (row.isModified ? style.marker(margin) : margin) + iconText
          + (row.disabledReason != nil ? style.dim(shownTitle) : shownTitle)
          + String(repeating: " ", count: gap) + accessoryStyled)
    } else {
      // Too narrow for the layout: the row's text cut to the width, accessory first.
      let plain = accessoryWidth > 0 ? accessoryPlain + " " + title : title
      result.append(TerminalText.padded(TerminalText.truncated(plain, toWidth: width), toWidth: width))
    }
    for note in [row.subTitle, row.disabledReason.map { "(\($0))" }].compactMap({ $0 })
    where width - prefixWidth >= 1 {
      let shown = TerminalText.truncated(TerminalText.escaped(note), toWidth: width - prefixWidth)
      result.append(String(repeating: " ", count: prefixWidth) + style.dim(shown))
    }
    return result
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
