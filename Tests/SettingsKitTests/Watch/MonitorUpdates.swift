import SettingsKit

/// The updates a monitor of `settings` hands over, one per read, as a stream for a ``Recorder``:
/// for the tests that check where one read's events end (``Settings/changes(_:)`` yields them one
/// by one). The monitor stops when the stream ends.
func monitorUpdates(_ settings: Settings, _ options: WatchOptions) -> AsyncStream<SettingsUpdate> {
  let (stream, continuation) = AsyncStream.makeStream(of: SettingsUpdate.self)
  let watch = settings.monitor(options) { update in continuation.yield(update) }
  continuation.onTermination = { _ in watch.stop() }
  return stream
}
