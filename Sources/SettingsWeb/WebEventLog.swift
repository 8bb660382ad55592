import SettingsHTTP
import SettingsKit
import SettingsPOSIX
import Synchronization

/// The server's Server-Sent Events, numbered from 1 for the run, the last 1 000 kept for clients
/// that reconnect with `Last-Event-ID`; each open stream is woken through its own pipe when an
/// event is added.
package final class WebEventLog: Sendable {
  /// One event: its number, its `event:` name and its `data:` (one line of JSON); a `change`
  /// keeps its key, origin and previous value instead, so that each stream renders the row in its
  /// own locale.
  package struct Event: Sendable, Equatable {
    /// The `id:`.
    package var id: Int
    /// The `event:` name, such as `change`.
    package var name: String
    /// The `data:`, JSON on one line (empty for a `change`).
    package var data: String
    /// The changed key, for a `change`.
    package var key: String?
    /// `page` or `elsewhere`, for a `change`.
    package var origin: String?
    /// The value before, for a `change`.
    package var previous: SettingValue?
    /// The value after, for a `change`: what its row shows, also when the stream renders it from
    /// the values read after a later change.
    package var value: SettingValue?

    /// The event as the stream sends it, with `data` as its `data:` line.
    package static func text(id: Int, name: String, data: String) -> String {
      "id: \(id)\nevent: \(name)\ndata: \(data)\n\n"
    }
  }

  struct State {
    var events: [Event] = []
    var lastID = 0
    var waiters: [Int32: FileDescriptor] = [:]
  }

  /// How many events are kept.
  package let capacity: Int
  let state = Mutex(State())

  /// An empty log keeping the last `capacity` events.
  package init(capacity: Int = 1000) { self.capacity = capacity }

  /// The number of the last event so far (0 when none).
  package var lastID: Int { state.withLock { $0.lastID } }

  /// Adds an event (its data as JSON, written on one line) and wakes every open stream; returns
  /// its number.
  @discardableResult
  package func append(_ name: String, _ data: JSONValue) -> Int {
    append([Self.event(name, data)])
  }

  /// An event named `name` whose data is `data` written on one line, not numbered yet.
  static func event(_ name: String, _ data: JSONValue) -> Event {
    var line = JSONWriter(sortsKeys: false).line(data)
    line.removeLast()
    return Event(id: 0, name: name, data: line)
  }

  /// A `change` of `key` from `previous` to `value`, not numbered yet.
  static func change(_ key: String, origin: String, previous: SettingValue?, value: SettingValue? = nil)
    -> Event
  {
    Event(id: 0, name: "change", data: "", key: key, origin: origin, previous: previous, value: value)
  }

  /// Adds a `change` of `key` from `previous` to `value`; returns its number.
  @discardableResult
  package func appendChange(
    _ key: String, origin: String, previous: SettingValue?, value: SettingValue? = nil
  )
    -> Int
  {
    append([Self.change(key, origin: origin, previous: previous, value: value)])
  }

  /// Adds `events` under the next numbers, all under one lock, and then wakes every open stream
  /// once, so that a stream never sends a part of them (the changes of one store update are one
  /// unit); returns the last number.
  @discardableResult
  func append(_ events: [Event]) -> Int {
    // The wake bytes are written under the lock: a stream closes its pipe only after
    // removeWaiter(_:) took it out, so a descriptor written to here is never one that was closed
    // and reused for something else. The pipes do not block (a full one is already awake).
    return state.withLock { state -> Int in
      guard !events.isEmpty else { return state.lastID }
      for var event in events {
        state.lastID += 1
        event.id = state.lastID
        state.events.append(event)
      }
      if state.events.count > capacity { state.events.removeFirst(state.events.count - capacity) }
      var byte: UInt8 = 1
      for waiter in state.waiters.values { _ = systemWrite(waiter.rawValue, &byte, 1) }
      return state.lastID
    }
  }

  /// The events after number `id`, oldest first; nil when some of them are no longer kept (or
  /// `id` is not of this run), so that the client needs a snapshot instead.
  package func events(after id: Int) -> [Event]? {
    state.withLock { state in
      guard id >= 0, id <= state.lastID else { return nil }
      if id == state.lastID { return [] }
      guard let first = state.events.first, first.id <= id + 1 else { return nil }
      return Array(state.events[(id + 1 - first.id)...])
    }
  }

  /// Registers a stream's wake pipe (its write end); each ``append(_:_:)`` writes a byte to it.
  package func addWaiter(_ writeEnd: FileDescriptor) {
    state.withLock { $0.waiters[writeEnd.rawValue] = writeEnd }
  }

  /// Stops waking a stream; its pipe may be closed once this returns.
  package func removeWaiter(_ writeEnd: FileDescriptor) {
    _ = state.withLock { $0.waiters.removeValue(forKey: writeEnd.rawValue) }
  }

  /// Writes a byte to every wake pipe (when the server stops).
  package func wakeAll() {
    state.withLock { state in
      var byte: UInt8 = 0
      for waiter in state.waiters.values { _ = systemWrite(waiter.rawValue, &byte, 1) }
    }
  }
}
