#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `linkat(AT_FDCWD, source, directory, temporaryName, AT_SYMLINK_FOLLOW)`, then `renameat` of
/// `temporaryName` over `name` in `directory`: 0, or the failing call's `errno` after removing the
/// temporary name again (`unlinkat`). Interrupted by a signal (`EINTR`), both steps are tried
/// again from the start.
/// The corresponding C functions are `linkat`, `renameat` and `unlinkat`.
package func systemLinkAndRename(
  _ source: UnsafePointer<CChar>, _ directory: Int32, _ temporaryName: UnsafePointer<CChar>,
  _ name: UnsafePointer<CChar>
) -> Int32 {
  while true {
    var code: Int32 = 0
    if linkat(AT_FDCWD, source, directory, temporaryName, AT_SYMLINK_FOLLOW) != 0 {
      code = errno
    } else if renameat(directory, temporaryName, directory, name) != 0 {
      code = errno
      _ = unlinkat(directory, temporaryName, 0)
    }
    if code != EINTR { return code }
  }
}
