/// "Did you mean …?" suggestions for a mistyped name.
package enum Suggestion {
  /// The candidate closest to `word`, when it is close enough to be a likely typo.
  ///
  /// Closeness is the optimal-string-alignment edit distance (Levenshtein with transpositions) between the lowercased strings, counted in
  /// Unicode scalars; a candidate qualifies at a distance of at most a third of the longer
  /// length (and at least 1), so `subtitle` suggests `subTitle` and `xyz` suggests nothing.
  /// Ties go to the earlier candidate.
  package static func closest<C: Collection<String>>(to word: String, in candidates: C) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let scalars = Array(candidate.lowercased().unicodeScalars)
      let limit = max(1, max(scalars.count, target.count) / 3)
      // The lengths' difference is a lower bound of the distance: skip the quadratic work (a
      // 50 MB field name against a short candidate) when it already rules the candidate out.
      if abs(scalars.count - target.count) > limit { continue }
      let distance = editDistance(target, scalars)
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    var beforePrevious = current
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
