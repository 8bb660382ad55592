#if canImport(Glibc)
  import CMalloc
#endif

// MARK: - Memory

/// Gives the pages that the allocator keeps after frees back to the system, where the C library
/// can (glibc's `malloc_trim(3)` with no padding); nothing elsewhere (Darwin's allocator returns
/// them by itself). For a long-running process after it let go of a large transient structure: a
/// reload's compilation of a large document.
package func systemReturnFreedMemory() {
  #if canImport(Glibc)
    _ = malloc_trim(0)
  #endif
}
