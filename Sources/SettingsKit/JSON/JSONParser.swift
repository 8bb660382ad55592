/// A strict JSON parser (RFC 8259) over UTF-8 bytes that keeps byte offsets for every value.
///
/// Beyond the RFC it refuses duplicate member names and nesting deeper than ``maximumDepth``,
/// so that hostile documents fail with a clear error in bounded time and stack. A leading UTF-8
/// byte-order mark is skipped. Parsing is done in two steps, as FoundationEssentials' JSON
/// decoder does: ``scan(_:)`` checks the text and records where each value stands in a flat
/// ``JSONMap``, which a consumer walks lazily; ``parse(_:)`` builds a tree of ``JSONValue``s from it.
package struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted.
  package var maximumDepth: Int

  /// Creates a parser.
  package init(maximumDepth: Int = 256) {
    self.maximumDepth = maximumDepth
  }

  /// Checks that `bytes` are one JSON value (with white space around it) and maps its values.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first byte that does not fit.
  package func scan(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONMap {
    let result: Result<[Int], JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer, maximumDepth: maximumDepth)
      do throws(JSONSyntaxError) {
        return .success(try scanner.scanDocument())
      } catch {
        return .failure(error)
      }
    }
    return JSONMap(bytes: bytes, cells: try result.get())
  }

  /// Parses one JSON value that makes up the whole of `bytes` into a tree.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first byte that does not fit.
  package func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let map = try scan(bytes)
    return map.tree(map.root)
  }
}
