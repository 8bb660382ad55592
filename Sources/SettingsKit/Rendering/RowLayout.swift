/// Lays out rows as terminal lines of an exact width, in display columns.
///
/// A row's line is, from left to right: a 2-column margin (`* ` when modified), the icon column when
/// the screen has icons (3 columns: the emoji and a space), the title, at least one space, and the
/// accessory, whose last column is the width's last column. A subtitle gets a second line that starts
/// under the title. Text from the document is escaped first (``TerminalText/escaped(_:)``) and
/// measured as shown (``DisplayWidth``).
///
/// When the width runs short the parts keep that order and give way one after the other: the title
/// is cut with an ellipsis down to `…` and then left out, then the icon column is left out (blank in
/// a row without an icon, in the same order), then the accessory is cut (a value before its chevron),
/// and at a width of 1 only the margin's first column is left. A value keeps at most a third of the
/// width and a closed section's summary half of it, as at any width. Every title line is exactly
/// `width` columns wide and no line is ever wider, down to a width of 1.
///
/// Each field taken from the document (title, subtitle, value, summary, header, footer) is wrapped in
/// bidi isolates when it holds right-to-left text (``TerminalText/isolated(_:)``), so that a terminal
/// or a viewer applying UAX #9 keeps every field in its columns.
package struct RowLayout: Sendable {
  /// The line width in display columns (at least 1).
  package var width: Int
  /// Whether rows reserve the icon column.
  package var showsIcons: Bool
  /// Whether to add ANSI styling.
  var style: TextStyle

  /// Creates a layout.
  package init(width: Int, showsIcons: Bool, colors: Bool) {
    self.width = max(1, width)
    self.showsIcons = showsIcons
    self.style = TextStyle(enabled: colors)
  }

  /// The row's lines, each exactly `width` columns wide for the title line and at most `width` for
  /// the subtitle line, without newlines.
  package func lines(for row: RowContent) -> [String] {
    var text = ""
    append(row, to: &text)
    return text.split(separator: "\n").map(String.init)
  }

  /// Appends the row's lines (see ``lines(for:)``) to `output`, each followed by a newline.
  ///
  /// The renderer's path: it writes straight into one buffer, with no string per line or per part.
  func append(_ row: RowContent, to output: inout String) {
    let title = TerminalText.escaped(row.title)
    // A row without an icon keeps the column blank, so that titles stay aligned.
    let iconWidth = showsIcons ? 3 : 0
    var accessory = accessoryText(row.accessory, room: nil)
    if case .slider(let fraction, let label) = row.accessory {
      // The bar takes the columns the title leaves, up to half the row, and at least 3.
      let free = width - 2 - iconWidth - DisplayWidth.of(title) - 1
      let least = accessory.width + 4
      accessory = sliderText(fraction: fraction, label: label, width: max(least, min(free, width / 2)))
    }
    let gap = accessory.width > 0 ? 1 : 0
    let titleRoom = width - 2 - iconWidth - accessory.width - gap
    // The icon column stays while the title has a column, or while the margin, the icon and the
    // whole accessory fit without it.
    let keepsIcon = iconWidth > 0 && (titleRoom >= 1 || width >= 2 + iconWidth + accessory.width)
    appendMargin(row.marker, to: &output)
    if keepsIcon {
      if let icon = row.icon {
        output.append(icon)
        output.append(" ")
      } else {
        output.append("   ")
      }
    }
    if titleRoom >= 1 {
      var shownTitle = title
      var titleWidth = DisplayWidth.of(title)
      if titleWidth > titleRoom {
        (shownTitle, titleWidth) = TerminalText.cut(title, toWidth: titleRoom)
      }
      shownTitle = TerminalText.isolated(shownTitle)
      output.append(row.disabledReason != nil ? style.dim(shownTitle) : shownTitle)
      TerminalText.appendSpaces(width - 2 - iconWidth - titleWidth - accessory.width, to: &output)
      output.append(accessory.styled)
    } else {
      // No column for the title: the accessory at the right edge, cut when even that is too wide.
      let room = width - 2 - (keepsIcon ? 3 : 0)
      var shown = accessory.width <= room ? accessory : accessoryText(row.accessory, room: room)
      if case .slider(let fraction, let label) = row.accessory, accessory.width > room {
        shown = sliderText(fraction: fraction, label: label, width: room)
      }
      TerminalText.appendSpaces(room - shown.width, to: &output)
      output.append(shown.styled)
    }
    output.append("\n")
    // The subtitle, then why the row is disabled, each on a line of its own under the title.
    let indent = keepsIcon ? 5 : 2
    for note in [row.subTitle, row.disabledReason.map { "(\($0))" }] where width - indent >= 1 {
      guard let note else { continue }
      let shown = TerminalText.truncated(TerminalText.escaped(note), toWidth: width - indent)
      TerminalText.appendSpaces(indent, to: &output)
      output.append(style.dim(TerminalText.isolated(shown)))
      output.append("\n")
    }
  }

  /// Appends the 2-column margin, `* ` for a modified row, `🔒` (both columns) for a locked one,
  /// cut to the width when it is 1 (the lock sign to `…`, as any cluster too wide is cut).
  func appendMargin(_ marker: String?, to output: inout String) {
    if let marker, marker == RowContent.lockSign {
      output.append(style.marker(width >= 2 ? marker : "…"))
    } else if let marker {
      output.append(style.marker(width >= 2 ? marker + " " : marker))
    } else {
      output.append(width >= 2 ? "  " : " ")
    }
  }

  /// Spaces to copy from, so that padding is one append rather than a new string.

  /// The accessory as shown, styled, and its width in columns.
  ///
  /// A value is cut to a third of the width and a summary to half of it. With a `room`, the
  /// accessory is cut further to fit it: a value keeps its chevron while the room has 3 columns, and
  /// `on`, `off` and summaries are cut with an ellipsis.
  func accessoryText(_ accessory: RowContent.Accessory, room: Int?) -> (styled: String, width: Int) {
    let room = room ?? .max
    switch accessory {
    case .none:
      return ("", 0)
    case .switchState(let flag):
      let shown = TerminalText.truncated(ValueRules.text(of: .bool(flag)), toWidth: room)
      return (flag ? style.on(shown) : style.dim(shown), DisplayWidth.of(shown))
    case .chevron:
      return room >= 1 ? (style.dim("›"), 1) : ("", 0)
    case .detail(let text):
      var shown = TerminalText.truncated(TerminalText.escaped(text), toWidth: max(1, width / 3))
      var shownWidth = DisplayWidth.of(shown)
      if shownWidth + 2 <= room {
        return (style.dim(TerminalText.isolated(shown) + " ›"), shownWidth + 2)
      }
      if room >= 3 {
        (shown, shownWidth) = TerminalText.cut(shown, toWidth: room - 2)
        return (style.dim(TerminalText.isolated(shown) + " ›"), shownWidth + 2)
      }
      shown = TerminalText.truncated(shown, toWidth: room)
      return (style.dim(TerminalText.isolated(shown)), DisplayWidth.of(shown))
    case .text(let text):
      let shown = TerminalText.truncated(
        TerminalText.truncated(TerminalText.escaped(text), toWidth: max(1, width / 2)), toWidth: room)
      return (style.dim(TerminalText.isolated(shown)), DisplayWidth.of(shown))
    case .value(let text), .placeholder(let text):
      // A placeholder says in words that the field is empty (as the line mode does), so that
      // without colour it never reads as a value of the same text.
      let words = if case .placeholder = accessory, !text.isEmpty { "empty (\(text))" } else { text }
      let shown = TerminalText.truncated(
        TerminalText.truncated(TerminalText.escaped(words), toWidth: max(1, width / 3)), toWidth: room)
      let isolated = TerminalText.isolated(shown)
      if case .placeholder = accessory { return (style.dim(isolated), DisplayWidth.of(shown)) }
      return (isolated, DisplayWidth.of(shown))
    case .slider(_, let label):
      // The label alone: ``append(_:to:)`` adds the bar, which takes the width the title leaves.
      let shown = TerminalText.truncated(TerminalText.escaped(label), toWidth: min(room, max(1, width / 3)))
      return (TerminalText.isolated(shown), DisplayWidth.of(shown))
    case .choices(let titles):
      let joined = titles.isEmpty ? "none" : titles.joined(separator: ", ")
      let fits = DisplayWidth.of(TerminalText.escaped(joined)) <= max(1, width / 3)
      return accessoryText(.detail(fits ? joined : "\(titles.count) selected"), room: room)
    }
  }

  /// A slider's bar and label in `width` columns: `=` for the filled part, `-` for the rest (ASCII,
  /// one column in every terminal), a space, the label; only the label when the bar has no column.
  func sliderText(fraction: Double, label: String, width: Int) -> (styled: String, width: Int) {
    let shownLabel = TerminalText.truncated(
      TerminalText.escaped(label), toWidth: max(1, min(width, self.width / 3)))
    let labelWidth = DisplayWidth.of(shownLabel)
    let barWidth = width - labelWidth - 1
    guard barWidth >= 1 else {
      let shown = TerminalText.truncated(shownLabel, toWidth: max(0, width))
      return (TerminalText.isolated(shown), DisplayWidth.of(shown))
    }
    let filled = min(barWidth, max(0, Int((fraction * Double(barWidth)).rounded())))
    let bar =
      style.on(String(repeating: "=", count: filled))
      + style.dim(String(repeating: "-", count: barWidth - filled))
    return (bar + " " + TerminalText.isolated(shownLabel), width)
  }

  /// A collapsible section's title row: `▾` (open) or `▸` (closed), the title, and at the right
  /// edge the summary when one is given. The markers are East Asian Width "N", one column everywhere.
  ///
  /// The marker and its space take the place of a row's margin, the summary that of its accessory,
  /// and they give way in the same order: the title first, then the summary, then the marker's space.
  package func titleLine(_ title: String, isExpanded: Bool, summary: String?) -> String {
    let marker = isExpanded ? "▾ " : "▸ "
    guard width >= 2 else { return style.header(isExpanded ? "▾" : "▸") }
    let summary = summary.map { RowContent.Accessory.text($0) } ?? .none
    let accessory = accessoryText(summary, room: nil)
    let room = width - 2 - accessory.width - (accessory.width > 0 ? 1 : 0)
    guard room >= 1 else {
      let shown = accessory.width <= width - 2 ? accessory : accessoryText(summary, room: width - 2)
      return style.header(marker) + String(repeating: " ", count: width - 2 - shown.width) + shown.styled
    }
    let shownTitle = TerminalText.truncated(TerminalText.escaped(title), toWidth: room)
    let header = style.header(marker + TerminalText.isolated(shownTitle))
    guard accessory.width > 0 else { return header }
    let gap = width - 2 - DisplayWidth.of(shownTitle) - accessory.width
    return header + String(repeating: " ", count: gap) + accessory.styled
  }

  /// A section header line: the escaped text, cut to the width.
  package func headerLine(_ text: String) -> String {
    style.header(TerminalText.isolated(TerminalText.truncated(TerminalText.escaped(text), toWidth: width)))
  }

  /// A section footer's lines: the escaped text wrapped to the width less a 2-column indent.
  package func footerLines(_ text: String) -> [String] {
    let indent = width > 2 ? 2 : 0
    return TerminalText.wrapped(TerminalText.escaped(text), toWidth: width - indent).map {
      String(repeating: " ", count: indent)
        + style.dim(TerminalText.isolated(TerminalText.truncated($0, toWidth: width - indent)))
    }
  }
}
