/// The terminal's stand-in for an item's image: an emoji for a known image name.
enum Icon {
  /// Image names of common settings, with the emoji shown for each. Every emoji is
  /// East Asian Wide with default emoji presentation, so terminals agree it takes 2 columns.
  static let emojiByName: [String: String] = [
    "user": "👤", "airplane": "🛫", "wifi": "📶", "bluetooth": "🔵", "signal-tower": "📡",
    "smartphone": "📱", "ball": "🔔", "headphone": "🎧", "moon": "🌙", "hourglass": "⌛",
    "gear": "🔧", "lock": "🔒", "battery": "🔋", "globe": "🌐", "bell": "🔔", "key": "🔑",
    "camera": "📷", "photo": "🌄", "music": "🎵", "mail": "📧", "calendar": "📅", "location": "📍",
  ]

  /// The icon for an image name: its emoji, the name itself when it is one grapheme 2 columns wide
  /// (an emoji given directly), else nil (no icon; the column stays blank).
  static func text(for imageName: String?) -> String? {
    guard let imageName else { return nil }
    if let emoji = emojiByName[imageName] { return emoji }
    if imageName.count == 1, TerminalText.escaped(imageName) == imageName, DisplayWidth.of(imageName) == 2 {
      return imageName
    }
    return nil
  }
}
