#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Memory

/// Gives the pages that the allocator keeps after frees back to the system, where the C library
/// can (glibc's `malloc_trim(3)` with no padding, found with `dlsym(3)`: the toolchain's Glibc
/// module does not declare it); nothing elsewhere (Darwin's allocator returns them by itself).
/// For a long-running process after it let go of a large transient structure: a reload's
/// compilation of a large document.
package func systemReturnFreedMemory() {
  #if canImport(Glibc)
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    _ = trim(0)
  #endif
}
