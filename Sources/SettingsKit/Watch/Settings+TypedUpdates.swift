extension Settings {
  /// The value of `key` as its Swift type now (when `initial` is true) and after every change to
  /// it, from this process or elsewhere: ``changes(_:)`` kept to `key`'s new values, as
  /// ``updates(_:initial:options:)-(String,_,_)`` keeps them, each as a `Value`.
  ///
  /// ```swift
  /// for await isOn in try settings.updates(SettingKeys.airplane) { print(isOn) }  // Bool
  /// ```
  ///
  /// - Parameters:
  ///   - key: the typed key.
  ///   - initial: whether the stream starts with the value now.
  ///   - options: what the watch follows, and how.
  /// - Throws: the errors of ``check(_:)``: the key names no item, or one whose values `Value`
  ///   cannot hold.
  public func updates<Value>(
    _ key: SettingKey<Value>, initial: Bool = true, options: WatchOptions = WatchOptions()
  ) throws(SettingsError) -> AsyncStream<Value> {
    try check(key)
    let fullKey = try item(key.name).key ?? key.name
    return events(
      options,
      first: { snapshot in initial ? snapshot.value(forKey: fullKey).flatMap(Value.init(settingValue:)) : nil
      },
      each: { event in event.newValue(of: fullKey).flatMap(Value.init(settingValue:)) })
  }
}
