import SettingsKit

// What `settings codegen swift` generates for the three lists of Examples/phone-settings.json
// (Tests/SettingsCodegenTests/Goldens/phone-settings.swift.golden), copied, so that the
// generated conversions run here against a real store.
extension SettingKeys {
  /// DNS Servers (`dns`, a list).
  ///
  /// The servers asked for names, in this order.
  ///
  /// - Default: 1 element
  /// - Accepts: a list of text matching [0-9]{1,3}([.][0-9]{1,3}){3}|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}, at most 4 elements, each once
  static let dns = SettingsKit.SettingKey<[Swift.String]>("dns")

  /// VPN Configurations (`vpn`, a list).
  ///
  /// - Default: none
  /// - Accepts: a JSON array of records with fields name, server, type, account, password, each name once
  /// - Secure: masked wherever it is shown; kept unencrypted in the store file
  static let vpn = SettingsKit.SettingKey<[Vpn]>("vpn")

  /// Language Order (`preferred-languages`, a list).
  ///
  /// - Default: 2 elements
  /// - Accepts: a list of one of "en", "ko", "ja", at least 1 element, each once
  static let preferredLanguages = SettingsKit.SettingKey<[PreferredLanguages]>("preferred-languages")

  /// An element of VPN Configurations (`vpn`): a record of its fields.
  struct Vpn: SettingsKit.SettingKeyValue, Swift.Equatable {
    /// Description (`name`, a text field).
    ///
    /// - Accepts: text
    var name: Swift.String

    /// Server (`server`, a text field).
    ///
    /// - Accepts: text matching [A-Za-z0-9.-]+
    var server: Swift.String

    /// Type (`type`, a single choice).
    var type: Type_

    /// Account (`account`, a text field).
    ///
    /// - Accepts: text
    var account: Swift.String

    /// Password (`password`, a secure text field).
    ///
    /// - Accepts: text
    var password: SettingsKit.SecureText

    /// A record with these fields' values.
    init(
      name: Swift.String, server: Swift.String, type: Type_, account: Swift.String,
      password: SettingsKit.SecureText
    ) {
      self.name = name
      self.server = server
      self.type = type
      self.account = account
      self.password = password
    }

    /// The record that a list's element holds; nil when a field is missing or holds another kind of value.
    init?(settingValue _value: SettingsKit.SettingValue) {
      guard case .record(let _record) = _value,
        let name = _record["name"].flatMap(Swift.String.init(settingValue:)),
        let server = _record["server"].flatMap(Swift.String.init(settingValue:)),
        let type = _record["type"].flatMap(Self.Type_.init(settingValue:)),
        let account = _record["account"].flatMap(Swift.String.init(settingValue:)),
        let password = _record["password"].flatMap(SettingsKit.SecureText.init(settingValue:))
      else { return nil }
      self.init(name: name, server: server, type: type, account: account, password: password)
    }

    /// The record, each field's value under its key.
    var settingValue: SettingsKit.SettingValue {
      .record([
        "name": name.settingValue, "server": server.settingValue, "type": type.settingValue,
        "account": account.settingValue, "password": password.settingValue,
      ])
    }

    /// The choices of the field Type (`type`) of `vpn`'s records.
    enum Type_: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift
        .CustomStringConvertible
    {
      /// IKEv2
      case ikev2 = "ikev2"
      /// L2TP
      case l2tp = "l2tp"

      /// The choice's value, as `print` and string interpolation show it.
      var description: Swift.String { self.rawValue }
    }
  }

  /// The choices of Language Order (`preferred-languages`).
  enum PreferredLanguages: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift
      .CustomStringConvertible
  {
    /// English
    case en = "en"
    /// 한국어
    case ko = "ko"
    /// 日本語
    case ja = "ja"

    /// The choice's value, as `print` and string interpolation show it.
    var description: Swift.String { self.rawValue }
  }
}
