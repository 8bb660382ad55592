import SettingsKit

/// A user's name and password for etcd's authentication.
public struct EtcdCredentials: Sendable, Equatable {
  /// The user's name (`SETTINGS_ETCD_USER`).
  public var user: String
  /// The password (read from `--etcd-password-file`).
  public var password: String

  /// Creates credentials.
  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }
}
