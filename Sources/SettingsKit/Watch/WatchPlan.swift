import SettingsPOSIX

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
  var interests: [SystemPath: Set<SystemPath>] = [:]

  /// The files' final targets (after links), which the kqueue watcher also watches for writes in
  /// place.
  var targets: [SystemPath] = []

  /// Works out the plan for `paths` from the file system as it is now.
  init(paths: [SystemPath]) {
    for path in paths { add(path) }
    targets.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
  }

  private mutating func add(_ path: SystemPath) {
    var current = path
    for _ in 0..<40 {
      let directory = current.directory
      note(current.lastComponent, in: directory)
      guard let destination = systemReadlink(current) else { break }
      current = directory.appending(destination)
    }
    targets.append(current)
    // The directory of the final target: itself when it exists, else its nearest existing ancestor.
    var directory = current.directory
    while FileSystem.status(of: directory)?.kind != .directory {
      let parent = directory.directory
      if parent == directory { return }
      note(directory.lastComponent, in: parent)
      directory = parent
    }
  }

  /// Records that `name` matters in `directory`, and, when `directory` is itself a symbolic link,
  /// that the link's name matters in its parent.
  private mutating func note(_ name: SystemPath, in directory: SystemPath) {
    guard FileSystem.status(of: directory)?.kind == .directory else { return }
    interests[directory, default: []].insert(name)
    if FileSystem.status(of: directory, followingLinks: false)?.kind == .symbolicLink {
      let parent = directory.directory
      if FileSystem.status(of: parent)?.kind == .directory {
        interests[parent, default: []].insert(directory.lastComponent)
      }
    }
  }
}
