extension SettingsDocument {
  /// The screen `settings` shows when no document is given: the multi-section example screen's data, exactly.
  ///
  /// The same document ships as `Examples/ios-settings.json`; a test keeps the two equal.
  public static let embeddedDefault = SettingsDocument(
    id: "ios-settings",
    title: "설정",
    sections: [
      SettingSection(
        header: "설정",
        items: [
          SettingItem(
            key: "account", type: .detailTitle, title: "Kim", subTitle: "Apple ID, iCloud, 미디어 및 구입",
            imageName: "user")
        ]),
      SettingSection(items: [
        SettingItem(key: "airplane", type: .switch, title: "에어플레인 모드", on: false, imageName: "airplane"),
        SettingItem(key: "wifi", type: .rightDetail, title: "Wi-Fi", rightDetail: "끔", imageName: "wifi"),
        SettingItem(
          key: "bluetooth", type: .rightDetail, title: "Bluetooth", rightDetail: "켬", imageName: "bluetooth"),
        SettingItem(key: "cellular", type: .detailTitle, title: "셀룰러", imageName: "signal-tower"),
        SettingItem(
          key: "hotspot", type: .rightDetail, title: "개인용 핫스팟", rightDetail: "켬", imageName: "smartphone"),
      ]),
      SettingSection(items: [
        SettingItem(key: "notifications", type: .detailTitle, title: "알림", imageName: "ball"),
        SettingItem(key: "sounds", type: .detailTitle, title: "사운드 및 햅틱", imageName: "headphone"),
        SettingItem(key: "focus", type: .detailTitle, title: "방해금지 모드", imageName: "moon"),
        SettingItem(key: "screen-time", type: .detailTitle, title: "스크린 타임", imageName: "hourglass"),
      ]),
    ])
}
