/// Renders a settings screen as text rows, like a grouped table view in a terminal.
///
/// For each section: its header line, its rows (see ``RowLayout``), its footer lines; a blank line
/// between sections. The result ends with a newline and is written once by the caller.
public struct TextRenderer: Sendable {
  /// The line width in display columns.
  public var width: Int
  /// Whether to add ANSI styling.
  public var colors: Bool

  /// Creates a renderer.
  public init(width: Int = 80, colors: Bool = false) {
    self.width = width
    self.colors = colors
  }

  /// Whether any item of the document has an icon, so rows reserve the icon column.
  static func hasIcons(_ sections: [SettingSection]) -> Bool {
    sections.contains { $0.items.contains { Icon.text(for: $0.imageName) != nil } }
  }

  /// The screen's text for a document with the given current values.
  public func render(_ document: SettingsDocument, snapshot: SettingsSnapshot) -> String {
    let layout = RowLayout(width: width, showsIcons: Self.hasIcons(document.sections), colors: colors)
    var output = ""
    for (index, section) in document.sections.enumerated() {
      if index > 0 { output.append("\n") }
      if let header = section.header { output.append(layout.headerLine(header) + "\n") }
      for item in section.items {
        let value = item.key.flatMap { snapshot.values[$0] } ?? SettingsSnapshot.defaultValue(of: item)
        let modified = item.key.map { snapshot.modified.contains($0) } ?? false
        for line in layout.lines(for: RowContent(item: item, value: value, isModified: modified)) {
          output.append(line + "\n")
        }
      }
      if let footer = section.footer {
        for line in layout.footerLines(footer) { output.append(line + "\n") }
      }
    }
    return output
  }
}
