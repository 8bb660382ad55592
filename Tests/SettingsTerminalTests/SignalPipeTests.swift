import Testing

@testable import SettingsPOSIX
@testable import SettingsTerminal

/// The self-pipe: bytes posted from other threads wake its reader, and a post that comes after the
/// pipe was closed (a watch's refresh finishing as `settings ui` quits) writes nowhere.
struct SignalPipeTests {
  @Test func aPostedByteIsTakenInOrder() throws {
    let pipe = try SignalPipe(signals: [])
    defer { pipe.restore() }
    pipe.post(0)
    pipe.post(7)
    #expect(pipe.take() == [0, 7])
    #expect(pipe.take() == [])
  }

  /// Closed, the pipe's descriptor numbers go to the next pipe opened; a late post must not write
  /// into that one (nor into a pipe whose read end is gone, which raised `SIGPIPE` and ended
  /// `settings ui` with status 13 after it had said "Quit.").
  @Test func aPostAfterTheEndWritesNowhere() throws {
    let old = try SignalPipe(signals: [])
    let number = old.readEnd.rawValue
    old.restore()
    let next = try SignalPipe(signals: [])
    defer { next.restore() }
    // The kernel hands out the lowest free numbers: the new pipe took the old one's.
    #expect(next.readEnd.rawValue == number)
    old.post(0)
    #expect(next.take() == [])
  }
}
