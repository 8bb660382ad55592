extension ArraySlice where Element == UInt8 {
  /// Whether `other` holds the same bytes, compared 8 at a time (as `memcmp` would): what a reload
  /// compares its unchanged sections with, a few megabytes at a time, at a fraction of the cost of
  /// `elementsEqual`.
  func hasSameBytes(as other: ArraySlice<UInt8>) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBytes { left in
      other.withUnsafeBytes { right in
        var index = 0
        while index + 8 <= left.count {
          if left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            != right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          {
            return false
          }
          index += 8
        }
        while index < left.count {
          if left[index] != right[index] { return false }
          index += 1
        }
        return true
      }
    }
  }
}
