import SettingsPOSIX

/// Why a socket call failed, as a message that names the address: what was tried, where, and why.
package struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, as data.
  package enum Kind: Equatable, Sendable {
    /// The port is in use (`EADDRINUSE`).
    case addressInUse
    /// The host name does not resolve: `getaddrinfo`'s reason.
    case unresolved(String)
    /// Nothing answered or arrived in time.
    case timedOut
    /// The peer closed the connection before what was expected arrived.
    case closed
    /// Another error of the system call.
    case system(Errno)
  }

  /// What failed.
  package var kind: Kind
  /// What was being done, such as "listen on 127.0.0.1:8080" or "connect to etcd.local:2379".
  package var operation: String

  /// Creates an error.
  package init(_ kind: Kind, operation: String) {
    self.kind = kind
    self.operation = operation
  }

  /// "cannot listen on 127.0.0.1:8080: the port is in use (EADDRINUSE)".
  package var description: String {
    let reason =
      switch kind {
      case .addressInUse: "the port is in use (EADDRINUSE); give another port, or 0 for a free one"
      case .unresolved(let why): "the name does not resolve (\(why))"
      case .timedOut: "timed out"
      case .closed: "the connection was closed by the other end"
      case .system(let errno): "\(errno.reason) (\(errno.name))"
      }
    return "cannot \(operation): \(reason)"
  }
}
