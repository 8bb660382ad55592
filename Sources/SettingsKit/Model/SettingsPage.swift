/// A child page: the screen a detailTitle or rightDetail row opens, with sections of its own.
public struct SettingsPage: Codable, Sendable, Equatable {
  /// The page's sections, top to bottom.
  public var sections: [SettingSection]

  /// Creates a page.
  public init(sections: [SettingSection]) {
    self.sections = sections
  }
}

/// One value of a choice item: what is stored, and what is shown.
public struct SettingChoice: Codable, Sendable, Equatable {
  /// The stored value, such as `5g`.
  public var value: String
  /// The text shown for it, such as `5G 켬`.
  public var title: String

  /// Creates a choice.
  public init(value: String, title: String) {
    self.value = value
    self.title = title
  }
}
