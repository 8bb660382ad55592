import SettingsKit
import SettingsPOSIX

/// A read answered from the last-known-good copy because no etcd endpoint answered.
public struct StaleRead: Sendable, Equatable {
  /// Why etcd was not read.
  public var reason: EtcdError
  /// The revision the copy was read at.
  public var revision: Int64
  /// When the copy was made, in seconds since 1970.
  public var time: Int64

  /// Creates a record.
  public init(reason: EtcdError, revision: Int64, time: Int64) {
    self.reason = reason
    self.revision = revision
    self.time = time
  }

  /// "etcd at 127.0.0.1:2379 unreachable (connection refused); values as of revision 812,
  /// 12:04:31" (local time), with the date before the time when the copy is from another day than
  /// today ("2026-11-28 12:04:31").
  public var message: String {
    message(now: systemRealtimeNanoseconds() / 1_000_000_000)
  }

  /// ``message`` as it reads at `now` (seconds since 1970).
  func message(now: Int64) -> String {
    let clock = systemLocalTime(seconds: time)
    let today = systemLocalTime(seconds: now)
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    let date =
      (clock.year, clock.month, clock.day) == (today.year, today.month, today.day)
      ? "" : "\(clock.year)-\(two(clock.month))-\(two(clock.day)) "
    return "\(reason.message); values as of revision \(revision), "
      + "\(date)\(two(clock.hour)):\(two(clock.minute)):\(two(clock.second))"
  }
}
