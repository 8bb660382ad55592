/// A small, repeatable random number generator (SplitMix64), for the differential tests'
/// generated cases: the same seed gives the same cases on every machine.
public struct SeededRandom: Sendable {
  /// The generator's state; the seed to begin with.
  public var state: UInt64

  /// A generator that begins at `state`.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number from 0 up to `bound` (0 when `bound` is 1 or less).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One of `elements`, which must not be empty.
  public mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
