import SettingsPOSIX

/// The compiled document cache: what lets `settings get`, `set` and `toggle` answer for one key of a
/// large document without parsing it.
///
/// The first command that loads a document after it changed (``loadDocument(at:locales:)``) writes
/// a file into ``directory`` (`$XDG_CACHE_HOME/settings`, else `~/.cache/settings`) named by a
/// hash of the document's absolute path (as given, joined to the current directory: items files
/// resolve against the directory the path names, not its symbolic link's target) and the locales. It holds, for every key, where its top-level
/// item's JSON stands in the document or its items file, the item's section, and the conditions
/// the loader resolved (see ``DocumentCacheFormat``); later commands (``document(at:keys:locales:)``)
/// read that item's bytes alone and decode them with the document decoder, so nothing about items
/// is listed twice and an item type added to the decoder is cached without a change here.
///
/// It never gives an answer a full load would not:
/// - a cache is written only for a document that loaded without error, and only when every source
///   (the document and its items files) kept its identity (``FileIdentity``: device, inode, size,
///   modification and change times in nanoseconds) while it was read, and was last modified or
///   changed more than ``racyWindow`` before the read began: a file changed again within the same
///   tick of its file system's clock (up to 2 s on FAT and some network file systems) could keep
///   its identity (git's "racy clean" problem, which git solves by comparing contents; here such a
///   source is simply not cached until it is older);
/// - a cache is used only when its magic, format version, fingerprint (``DocumentCacheFormat/fingerprint(buildTag:)``),
///   length, header checksum, locales and every source's identity match, each record read has its
///   own checksum and the key asked for, and the item decoded from the source has that key;
///   anything else (a stale, truncated, damaged or unreadable cache, a key it does not have) means
///   nil, and the caller loads the document as without a cache;
/// - before it is written, a sample of keys is read back through the reader and compared with
///   the full load (items, sections and the document's other fields), so a decoder change that
///   the cache does not reproduce stops the cache instead of changing answers.
///
/// Writes go to a temporary file renamed over the target, so readers see a whole file or none and
/// concurrent builders are safe; they are not synced (a cache lost or torn in a crash is caught by
/// its checksums and rebuilt). A cache folder that cannot be written costs only speed.
package struct DocumentCache: Sendable {
  /// The folder of cache files.
  package var directory: SystemPath
  /// The build's version, part of the fingerprint, so another build's cache is not trusted.
  package var buildTag: String

  /// How recent a source's modification or change may be when the cache is written, in
  /// nanoseconds: by default the coarsest file time granularity (FAT's 2 s).
  package var racyWindow: Int64 = 2_000_000_000

  /// A cache in `directory`.
  package init(directory: SystemPath, buildTag: String) {
    self.directory = directory
    self.buildTag = buildTag
  }

  /// The cache folder the XDG base directory rules give: `$XDG_CACHE_HOME/settings` when that is
  /// an absolute path, else `$HOME/.cache/settings`; nil without either.
  package static func directory(environment: [String: SystemPath]) -> SystemPath? {
    if let cache = environment["XDG_CACHE_HOME"], cache.isAbsolute {
      return cache.appending("settings")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home.appending(".cache").appending("settings")
    }
    return nil
  }

  /// `path` joined to the current directory when it is relative; nil when that cannot be had.
  static func absolute(_ path: SystemPath) -> SystemPath? {
    if path.isAbsolute { return path }
    return systemCurrentDirectory()?.appending(path)
  }

  /// The cache file of the document whose absolute path is `absolutePath`, read with `locales`.
  package func path(forDocument absolutePath: SystemPath, locales: [String]) -> SystemPath {
    var key = absolutePath.bytes
    for locale in locales { key += [0] + Array(locale.utf8) }
    let hash = DocumentCacheFormat.hash(key, seed: 3)
    let hex = String(hash, radix: 16)
    return directory.appending(SystemPath(String(repeating: "0", count: 16 - hex.count) + hex + ".cache"))
  }

  // MARK: - Reading

  /// The document at `path` reduced to what `keys` need, from the cache: its own fields, and the
  /// top-level items (with their pages) that hold each key and each key their conditions depend
  /// on, in their sections. Every key is a full dot path there, found as the full load would find
  /// it; nil when the cache cannot answer (see the type's rules), and the caller loads the document.
  package func document(at path: SystemPath, keys: [String], locales: [String]) -> SettingsDocument? {
    guard !keys.isEmpty else { return nil }
    return read(at: path, locales: locales) { file, meta, source in
      file.document(keys: keys, meta: meta, locales: locales, source: source)
    }
  }

  /// The document at `path` reduced to the top-level items that hold a match of `text` as
  /// ``SettingsSearch/find(_:in:snapshot:)`` matches it (with what their conditions name and what
  /// ``document(at:keys:locales:)`` always holds), from the cache's search index, so that a search
  /// of it finds what a search of the whole document finds; nil when the cache cannot answer.
  package func document(at path: SystemPath, matching text: String, locales: [String]) -> SettingsDocument? {
    read(at: path, locales: locales) { file, meta, source in
      file.searchDocument(matching: text, meta: meta, locales: locales, source: source)
    }
  }

  /// What `body` makes of the cache of the document at `path`, given the cache file, its checked
  /// meta and a reader of its sources' bytes; nil when the cache is missing, of another build or
  /// locale list, or any source's identity is not the one it was built from (before or after).
  private func read(
    at path: SystemPath, locales: [String],
    _ body: (DocumentCacheFile, DocumentCacheFile.Meta, (Int, Int, Int) -> [UInt8]?) -> SettingsDocument?
  ) -> SettingsDocument? {
    guard let absolutePath = Self.absolute(path) else { return nil }
    guard
      let cache = try? FileDescriptor.open(
        self.path(forDocument: absolutePath, locales: locales), [.readOnly, .closeOnExec, .nonBlocking])
    else { return nil }
    return cache.closeAfter { () -> SettingsDocument? in
      guard let size = cache.identity()?.size else { return nil }
      let file = DocumentCacheFile(size: Int(size)) { cache.read(count: $1, at: $0) }
      guard let meta = file.meta(fingerprint: DocumentCacheFormat.fingerprint(buildTag: buildTag)),
        meta.locales == locales, meta.sources.first?.path == absolutePath
      else { return nil }
      var sources: [FileDescriptor] = []
      defer { for source in sources { source.close() } }
      for (sourcePath, identity) in meta.sources {
        guard let source = try? FileDescriptor.open(sourcePath, [.readOnly, .closeOnExec, .nonBlocking])
        else {
          return nil
        }
        sources.append(source)
        guard source.identity() == identity else { return nil }
      }
      let document = body(file, meta) { index, offset, count in
        sources.indices.contains(index) ? sources[index].read(count: count, at: offset) : nil
      }
      // A source changed while it was read is not trusted.
      for (index, source) in sources.enumerated() where source.identity() != meta.sources[index].identity {
        return nil
      }
      return document
    }
  }

  // MARK: - Writing

  /// Loads the document at `path` as ``DocumentLoader/load(path:loadingItemsFiles:locales:)``
  /// does, with the same result and errors, and writes its cache when the rules allow.
  package func loadDocument(at path: SystemPath, locales: [String]) throws(DocumentError) -> SettingsDocument
  {
    let start = systemRealtimeNanoseconds()
    guard let absolutePath = Self.absolute(path),
      let descriptor = try? FileDescriptor.open(path, [.readOnly, .closeOnExec, .nonBlocking])
    else { return try DocumentLoader.load(path: path, locales: locales) }
    var descriptors = [descriptor]
    defer { for descriptor in descriptors { descriptor.close() } }
    guard let before = descriptor.identity(), before.isRegularFile,
      before.size <= Int64(FileSystem.defaultReadLimit),
      let bytes = try? descriptor.readToEnd(
        limit: FileSystem.defaultReadLimit, expectedSize: Int(before.size)),
      let skeleton = DocumentSkeleton(bytes)
    else { return try DocumentLoader.load(path: path, locales: locales) }

    // The items files are opened before the document is decoded (which reads them by path), so
    // that their identities cover what it read.
    let directory = path.directory
    var itemsFiles: [Int: (path: SystemPath, descriptor: FileDescriptor, identity: FileIdentity)] = [:]
    for (index, section) in (skeleton.sections ?? []).enumerated() {
      guard let file = section.itemsFile else { continue }
      let filePath = DocumentLoader.itemsFilePath(file, directory: directory)
      guard let opened = try? FileDescriptor.open(filePath, [.readOnly, .closeOnExec, .nonBlocking]) else {
        continue
      }
      descriptors.append(opened)
      guard let identity = opened.identity() else { continue }
      itemsFiles[index] = (filePath, opened, identity)
    }

    let document = try DocumentLoader.decode(
      SourceText(name: path.description, bytes: bytes), itemsFilesIn: directory, locales: locales)

    var sources: [(path: SystemPath, identity: FileIdentity)] = [(absolutePath, before)]
    var lines: [Int: (source: Int, lines: [Range<Int>], bytes: [UInt8])] = [:]
    for (index, file) in itemsFiles.sorted(by: { $0.key < $1.key }) {
      guard file.identity.isRegularFile,
        let fileBytes = try? file.descriptor.readToEnd(
          limit: FileSystem.defaultReadLimit, expectedSize: Int(file.identity.size)),
        file.descriptor.identity() == file.identity,
        let filePath = Self.absolute(file.path)
      else { return document }
      lines[index] = (sources.count, Self.lines(of: fileBytes), fileBytes)
      sources.append((filePath, file.identity))
    }
    guard descriptor.identity() == before else { return document }
    for source in sources {
      let newest = max(source.identity.modificationTime, source.identity.changeTime)
      if newest > start - racyWindow { return document }
    }
    let fingerprint = DocumentCacheFormat.fingerprint(buildTag: buildTag)
    guard
      let encoded = DocumentCacheFile.encode(
        document: document, skeleton: skeleton, bytes: bytes, itemsFiles: lines, sources: sources,
        locales: locales,
        fingerprint: fingerprint),
      DocumentCacheFile.check(
        encoded, against: document, locales: locales, fingerprint: fingerprint,
        sources: { index in
          index == 0 ? bytes : lines.values.first(where: { $0.source == index })?.bytes
        })
    else { return document }
    write(encoded, to: self.path(forDocument: absolutePath, locales: locales))
    return document
  }

  /// The byte ranges of the non-blank lines of an items file, as ``ItemsFile`` counts them.
  static func lines(of bytes: [UInt8]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var blank = true
    for index in 0...bytes.count {
      if index == bytes.count || bytes[index] == 0x0A {
        if !blank { lines.append(start..<index) }
        start = index + 1
        blank = true
      } else if blank, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0D {
        blank = false
      }
    }
    return lines
  }

  /// Writes `bytes` to a temporary file in the folder and renames it over `target`; best effort
  /// (``FileSystem/replaceBestEffort(_:with:)``).
  func write(_ bytes: [UInt8], to target: SystemPath) {
    FileSystem.replaceBestEffort(target, with: bytes)
  }
}
