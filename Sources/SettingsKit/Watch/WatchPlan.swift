/// Which directories to watch for a set of files, and which names in each matter.
///
/// A store is replaced by `rename(2)`, so a watch on the file itself would be lost at the first
/// write: the watcher watches directories. For each file it follows the chain of symbolic links
/// (each link's directory is watched for the link's name, so re-pointing it with `ln -sfn` is
/// seen), then the final target's directory for the target's name; when that directory does not
/// exist yet, its nearest existing ancestor, for the name of the next missing component. A
/// directory reached through a symbolic link is also watched in its parent for the link's name.
struct WatchPlan: Equatable, Sendable {
  /// The names that matter in each directory to watch, by the directory's path.
  var interests: [String: Set<String>] = [:]

  /// The files' final targets (after links), which the kqueue watcher also watches for writes in
  /// place.
  var targets: [String] = []

  /// Works out the plan for `paths` from the file system as it is now.
  init(paths: [String]) {
    for path in paths { add(path) }
    targets.sort()
  }

  private mutating func add(_ path: String) {
    var current = path
    for _ in 0..<40 {
      let (directory, name) = Self.split(current)
      note(name, in: directory)
      guard let destination = WatchSyscalls.readLink(current) else { break }
      current = destination.hasPrefix("/") ? destination : Self.join(directory, destination)
    }
    targets.append(current)
    // The directory of the final target: itself when it exists, else its nearest existing ancestor.
    var directory = Self.split(current).directory
    while !WatchSyscalls.isDirectory(directory) {
      let (parent, name) = Self.split(directory)
      if parent == directory { return }
      note(name, in: parent)
      directory = parent
    }
  }

  /// Records that `name` matters in `directory`, and, when `directory` is itself a symbolic link,
  /// that the link's name matters in its parent.
  private mutating func note(_ name: String, in directory: String) {
    guard WatchSyscalls.isDirectory(directory) else { return }
    interests[directory, default: []].insert(name)
    if WatchSyscalls.signature(of: directory, followingLinks: false)?.isSymbolicLink == true {
      let (parent, linkName) = Self.split(directory)
      if WatchSyscalls.isDirectory(parent) { interests[parent, default: []].insert(linkName) }
    }
  }

  /// Splits a path at its last `/`: `"a/b"` gives `("a", "b")`, `"b"` gives `(".", "b")`, `"/b"` gives
  /// `("/", "b")`; trailing slashes are dropped first.
  static func split(_ path: String) -> (directory: String, name: String) {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return (".", String(path)) }
    let name = String(path[path.index(after: slash)...])
    if slash == path.startIndex { return ("/", name) }
    return (String(path[..<slash]), name)
  }

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
