import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// `--etcd` and `SETTINGS_ETCD`: the endpoints a user can give, and the message for each that is not one.
struct EtcdEndpointTests {
  @Test func endpointsAreHTTPHostPortWithSpacesAroundCommasLeftOut() throws {
    #expect(
      try EtcdEndpoint.list("http://127.0.0.1:2379, http://etcd-b:22379/,\thttp://[::1]:2379 ") == [
        EtcdEndpoint(host: "127.0.0.1", port: 2379), EtcdEndpoint(host: "etcd-b", port: 22379),
        EtcdEndpoint(host: "::1", port: 2379),
      ])
    #expect(try EtcdEndpoint.list("HTTP://a:1") == [EtcdEndpoint(host: "a", port: 1)])
    #expect(EtcdEndpoint(host: "::1", port: 2379).description == "[::1]:2379")
  }

  @Test(arguments: [
    ("http://a:1,", "'' is not an etcd endpoint; give http://host:port"),
    ("http://a:1, ,http://b:2", "'' is not an etcd endpoint; give http://host:port"),
    ("127.0.0.1:2379", "'127.0.0.1:2379' is not an etcd endpoint; give http://host:port"),
    ("http://a", "'http://a' is not an etcd endpoint; give http://host:port"),
    ("http://a:0", "'http://a:0' is not an etcd endpoint; give http://host:port"),
    ("http://a:99999", "'http://a:99999' is not an etcd endpoint; give http://host:port"),
    ("http://a:1/v3", "'http://a:1/v3' is not an etcd endpoint; give http://host:port"),
    ("http://u@a:1", "'http://u@a:1' is not an etcd endpoint; give http://host:port"),
  ])
  func anythingElseIsRefusedNamingIt(text: String, message: String) {
    #expect(throws: EtcdError.self) { try EtcdEndpoint.list(text) }
    do {
      _ = try EtcdEndpoint.list(text)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func anHTTPSEndpointPointsToTheTLSSection() {
    do {
      _ = try EtcdEndpoint.list("https://a:2379")
      Issue.record("https was accepted")
    } catch {
      #expect(
        error.message
          == "'https://a:2379': settings speaks plain HTTP to etcd; for TLS run stunnel4 in client mode "
          + "in front of it and give its local http:// address (docs/ETCD.md, \"etcd over TLS\")")
    }
  }
}
