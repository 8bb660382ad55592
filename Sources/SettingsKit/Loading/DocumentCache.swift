import SettingsPOSIX

/// The compiled document cache: what lets `settings get`, `set` and `toggle` answer for one key of a
/// large document without parsing it.
///
/// The first command that loads a document after it changed (``loadDocument(at:locales:)``) writes
/// a file into ``directory`` (`$XDG_CACHE_HOME/settings`, else `~/.cache/settings`) named by a
/// hash of the document's absolute path (as given, joined to the current directory: items files
/// resolve against the directory the path names, not its symbolic link's target) and the locales. It holds, for every key, where its top-level
/// item's JSON stands in the document or its items file, the item's section, and the conditions
/// the loader resolved (see `DocumentCacheFormat`); later commands (`document(at:keys:locales:)`)
/// read that item's bytes alone and decode them with the document decoder, so nothing about items
/// is listed twice and an item type added to the decoder is cached without a change here.
///
/// It never gives an answer a full load would not:
/// - a cache is written only for a document that loaded without error, and only when every source
///   (the document and its items files) kept its identity (`FileStatus.identity`: device, inode,
///   size, modification and change times in nanoseconds) while it was read, and was last modified or
///   changed more than `racyWindow` before the read began (`FileStatus.isRacy`): a file changed again within the same
///   tick of its file system's clock (up to 2 s on FAT and some network file systems) could keep
///   its identity (git's "racy clean" problem, which git solves by comparing contents; here such a
///   source is simply not cached until it is older);
/// - a cache is used only when its magic, format version, fingerprint (`DocumentCacheFormat.fingerprint(buildTag:)`),
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
///
/// Applications and `settings` read documents through it with ``DocumentLoader/open(_:options:)-(SystemPath,_)``
/// (``DocumentOptions/cache``).
package struct DocumentCache: Sendable {
  /// The folder of cache files.
  package var directory: SystemPath
  /// The reading build's name and version, part of every cache file's fingerprint and name, so that
  /// a cache written by another build (another version of SettingsKit's decoder) is not trusted
  /// and builds that share a folder keep a file each: the application's name and version, as
  /// `settings` gives its own.
  package var buildTag: String

  /// How recent a source's modification or change may be when the cache is written, in
  /// nanoseconds: ``FileStatus/racyWindow`` (the one racy rule, ``FileStatus/isRacy(at:window:)``);
  /// tests set 0 to read a document they just wrote through the cache.
  package var racyWindow: Int64 = FileStatus.racyWindow
  /// Where the items this cache compiles and decodes are counted (tests); nil for none.
  package var itemCount: ItemDecodeCount?

  /// A cache in `directory` (made when first written, its parents too; a relative path is taken
  /// from the current directory) for the build `buildTag`. The folder should be the user's own
  /// (``StorePolicy/cacheDirectory``): files another user owns are not read.
  package init(directory: SystemPath, buildTag: String) {
    self.directory = directory
    self.buildTag = buildTag
  }

  /// The cache folder the XDG base directory rules give: `$XDG_CACHE_HOME/settings` when that is
  /// an absolute path (made when missing, as the rules ask), else `$HOME/.cache/settings`; nil
  /// without either, and when `HOME` is not a directory: a missing home is never made for a cache.
  package static func directory(environment: [String: SystemPath]) -> SystemPath? {
    if let cache = environment["XDG_CACHE_HOME"], cache.isAbsolute {
      return cache.appending("settings")
    }
    if let home = environment["HOME"], !home.isEmpty, FileSystem.isDirectory(home) {
      return home.appending(".cache").appending("settings")
    }
    return nil
  }

  /// `path` joined to the current directory when it is relative; nil when that cannot be had.
  static func absolute(_ path: SystemPath) -> SystemPath? {
    if path.isAbsolute { return path }
    return systemCurrentDirectory()?.appending(path)
  }

  /// The cache file of the document whose absolute path is `absolutePath`, read with `locales` by
  /// this build: builds that share a folder (an application and `settings`) keep a file each
  /// instead of rebuilding the other's every time.
  package func path(forDocument absolutePath: SystemPath, locales: [String]) -> SystemPath {
    var key = absolutePath.bytes
    for locale in locales { key += [0] + Array(locale.utf8) }
    key += [1] + Array(buildTag.utf8)
    let hash = DocumentCacheFormat.hash(key, seed: 3)
    let hex = String(hash, radix: 16)
    return directory.appending(SystemPath(String(repeating: "0", count: 16 - hex.count) + hex + ".cache"))
  }

  // MARK: - Reading

  /// The document at `path` reduced to what `keys` need, from the cache: its own fields, and the
  /// top-level items (with their pages) that hold each key and each key their conditions depend
  /// on, in their sections. Every key is a full dot path there, found as the full load would find
  /// it; nil when the cache cannot answer (see the type's rules), and the caller loads the document.
  /// With `compiled`, the compiled form is read from memory instead of the folder.
  package func document(
    at path: SystemPath, keys: [String], locales: [String], compiled: Compiled? = nil
  ) -> SettingsDocument? {
    guard !keys.isEmpty else { return nil }
    let document = read(at: path, locales: locales, compiled: compiled) { file, meta, source in
      file.document(keys: keys, meta: meta, locales: locales, itemCount: itemCount, source: source)
    }
    if let document { itemCount?.addDecoded(document) }
    return document
  }

  /// The document at `path` reduced to the top-level items that hold a match of `text` as
  /// ``SettingsSearch/find(_:in:snapshot:)`` matches it (with what their conditions name and what
  /// ``document(at:keys:locales:)`` always holds), from the cache's search index, so that a search
  /// of it finds what a search of the whole document finds; nil when the cache cannot answer.
  /// With `compiled`, the compiled form is read from memory instead of the folder.
  package func document(
    at path: SystemPath, matching text: String, locales: [String], compiled: Compiled? = nil
  ) -> SettingsDocument? {
    let document = read(at: path, locales: locales, compiled: compiled) { file, meta, source in
      file.searchDocument(
        matching: text, meta: meta, locales: locales, itemCount: itemCount, source: source)
    }
    if let document { itemCount?.addDecoded(document) }
    return document
  }

  /// What `body` makes of the cache file of the document at `path` and its checked meta; nil when
  /// the cache is missing, unreadable, owned by another user (its checksums find damage, not
  /// forgery: a file another user could write is not trusted, as git will not trust a repository
  /// another user owns), or of another build, locale list or document.
  private func withCache<Result>(
    at path: SystemPath, locales: [String], compiled: Compiled? = nil,
    _ body: (DocumentCacheFile, DocumentCacheFile.Meta) -> Result?
  ) -> Result? {
    guard let absolutePath = Self.absolute(path) else { return nil }
    if let compiled {
      let bytes = compiled.compiled
      let file = DocumentCacheFile(size: bytes.count) { offset, count in
        guard offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
        return Array(bytes[offset..<offset + count])
      }
      guard let meta = file.meta(fingerprint: DocumentCacheFormat.fingerprint(buildTag: buildTag)),
        meta.locales == locales, meta.sources.first?.path == absolutePath
      else { return nil }
      return body(file, meta)
    }
    guard
      let cache = try? FileDescriptor.open(
        self.path(forDocument: absolutePath, locales: locales), [.readOnly, .closeOnExec, .nonBlocking])
    else { return nil }
    return cache.closeAfter { () -> Result? in
      // One `fstat(2)` for the owner and the size.
      guard let status = try? cache.status(), status.owner == systemEffectiveUser() else { return nil }
      let file = DocumentCacheFile(size: status.size) { cache.read(count: $1, at: $0) }
      guard let meta = file.meta(fingerprint: DocumentCacheFormat.fingerprint(buildTag: buildTag)),
        meta.locales == locales, meta.sources.first?.path == absolutePath
      else { return nil }
      return body(file, meta)
    }
  }

  /// What `body` makes of the cache of the document at `path`, given the cache file, its checked
  /// meta and a reader of its sources' bytes; nil when the cache is missing, of another build or
  /// locale list, or any source's identity is not the one it was built from (before or after).
  private func read<Result>(
    at path: SystemPath, locales: [String], compiled: Compiled? = nil,
    _ body: (DocumentCacheFile, DocumentCacheFile.Meta, (Int, Int, Int) -> [UInt8]?) -> Result?
  ) -> Result? {
    withCache(at: path, locales: locales, compiled: compiled) { file, meta -> Result? in
      if let compiled {
        // The bytes the form was compiled from, as read: a document with items files is not kept so.
        guard meta.sources.count == 1 else { return nil }
        let bytes = compiled.bytes
        return body(file, meta) { index, offset, count in
          guard index == 0, offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
          return Array(bytes[offset..<offset + count])
        }
      }
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

  /// Whether the folder holds a compiled form of the document at `path` in `locales` that is
  /// current: of this build, for sources whose identities are those it was compiled from. A part
  /// it cannot answer for (a key given by its own name, a misspelt one) is then read from the
  /// whole document, and compiling again would only write the same bytes.
  package func holdsCurrentForm(at path: SystemPath, locales: [String]) -> Bool {
    read(at: path, locales: locales) { _, _, _ in true } ?? false
  }

  /// The document at `path` opened as ``DocumentLoader/open(path:locales:)-(SystemPath,_)`` opens it and with the
  /// same answers: from the cache's page part when it can answer (the sections' own fields
  /// decoded; the rows of a section that nothing else depends on decoded when first read, see
  /// ``CompiledItems``), else loaded whole as ``loadDocument(at:locales:)`` loads it (writing the
  /// cache for the next reader). What a screen shows, or ``Settings`` given
  /// ``LoadedDocument/documentWithAllItems()``, then decodes only the rows it reads: the keys and
  /// defaults of the others come from the compiled form.
  ///
  /// - Throws: the errors of ``DocumentLoader/open(path:locales:)-(SystemPath,_)``.
  package func openDocument(at path: SystemPath, locales: [String] = []) throws(DocumentError)
    -> LoadedDocument
  {
    try openDocument(at: path, locales: locales, keepingCompiledForm: false)
  }

  /// ``openDocument(at:locales:)``; with `keepingCompiledForm`, for a process that keeps the
  /// document (a screen, a server, a watch), a document the cache cannot answer for is compiled
  /// and read through the page part's reader even when its compiled form is not written (a source
  /// modified within ``racyWindow``, which a document just changed on disk always is, or a folder
  /// that cannot be written): compiled in memory from the bytes just decoded, it is valid for them
  /// whatever the clock says. The process then keeps the compiled form's memory, and its rows are
  /// decoded when read, at the cost of the encoding. Without `openingItemsFiles`, a document with
  /// items files is read as ``DocumentLoader/load(path:loadingItemsFiles:locales:)`` reads it
  /// without them (its items files are neither opened nor decoded).
  ///
  /// - Throws: the errors of ``DocumentLoader/open(path:locales:)``.
  package func openDocument(
    at path: SystemPath, locales: [String], keepingCompiledForm: Bool, openingItemsFiles: Bool = true,
    reusing reuse: CompilationReuse? = nil
  ) throws(DocumentError) -> LoadedDocument {
    if let opened = pagedDocument(at: path, locales: locales) { return opened }
    // A document with items files opens as the loader opens it: its items files are not decoded.
    guard
      let (document, bytes, compiled) = try load(
        at: path, locales: locales, unlessItemsFiles: true, compilingInMemory: keepingCompiledForm,
        decodingWhole: false, reusing: reuse),
      let bytes
    else {
      guard openingItemsFiles else {
        let document = try DocumentLoader.load(path: path, loadingItemsFiles: false, locales: locales)
        itemCount?.addDecoded(document)
        return LoadedDocument(document: document)
      }
      let opened = try DocumentLoader.open(path: path, locales: locales)
      itemCount?.addDecoded(opened.document)
      return opened
    }
    // Compiled (written, or in memory for a process that keeps the document): read as the next
    // open reads it, decoding only the rows asked for.
    if let compiled,
      let opened = pagedDocument(compiled: compiled, bytes: bytes, path: path, locales: locales)
    {
      return opened
    }
    let source = SourceText(name: path.description, bytes: bytes)
    var whole: SettingsDocument
    if let document {
      whole = document
    } else {
      whole = try DocumentLoader.decode(source, locales: locales)
      itemCount?.addDecoded(whole)
    }
    return LoadedDocument(
      document: whole, itemsFiles: [:], source: source, directory: path.directory, locales: locales)
  }

  /// The document read from `compiled`, a compiled form of `bytes` (the document's, as decoded)
  /// held in memory, through the page part's reader; nil when it has no page part for it.
  private func pagedDocument(compiled: [UInt8], bytes: [UInt8], path: SystemPath, locales: [String])
    -> LoadedDocument?
  {
    let file = DocumentCacheFile(size: compiled.count) { offset, count in
      offset >= 0 && count >= 0 && offset <= compiled.count - count
        ? Array(compiled[offset..<offset + count]) : nil
    }
    guard let meta = file.meta(fingerprint: DocumentCacheFormat.fingerprint(buildTag: buildTag)),
      meta.sources.count == 1
    else { return nil }
    return Self.loaded(file, meta: meta, bytes: bytes, path: path, locales: locales, itemCount: itemCount)
  }

  /// The document of `bytes` (read from `path`) with its top page from `file`'s page part, as a
  /// screen opens it; nil when the part cannot give it.
  private static func loaded(
    _ file: DocumentCacheFile, meta: DocumentCacheFile.Meta, bytes: [UInt8], path: SystemPath,
    locales: [String], itemCount: ItemDecodeCount?
  ) -> LoadedDocument? {
    guard
      let (document, compiled) = file.pagedDocument(
        meta: meta, bytes: bytes, locales: locales, itemCount: itemCount)
    else {
      return nil
    }
    return LoadedDocument(
      document: document, itemsFiles: [:], source: SourceText(name: path.description, bytes: bytes),
      directory: path.directory, locales: locales, compiledItems: compiled)
  }

  /// The document at `path` from the cache's page part, its bytes read whole and kept (the rows
  /// are decoded from them); nil when the cache cannot answer, the document has items files, or
  /// it changed while it was read.
  func pagedDocument(at path: SystemPath, locales: [String]) -> LoadedDocument? {
    withCache(at: path, locales: locales) { file, meta -> LoadedDocument? in
      guard meta.sources.count == 1, let (sourcePath, identity) = meta.sources.first,
        let source = try? FileDescriptor.open(sourcePath, [.readOnly, .closeOnExec, .nonBlocking])
      else { return nil }
      return source.closeAfter { () -> LoadedDocument? in
        guard let status = try? source.status(), status.identity == identity,
          let bytes = try? source.readToEnd(limit: FileSystem.defaultReadLimit, expectedSize: status.size),
          source.identity() == identity
        else { return nil }
        return Self.loaded(file, meta: meta, bytes: bytes, path: path, locales: locales, itemCount: itemCount)
      }
    }
  }

  // MARK: - Writing

  /// Loads the document at `path` as ``DocumentLoader/load(path:loadingItemsFiles:locales:)-(SystemPath,_,_)``
  /// does, with the same result and errors, and writes its cache when the rules allow.
  ///
  /// - Throws: the errors of ``DocumentLoader/load(path:loadingItemsFiles:locales:)-(SystemPath,_,_)``.
  package func loadDocument(at path: SystemPath, locales: [String] = []) throws(DocumentError)
    -> SettingsDocument
  {
    // Without `unlessItemsFiles` there is always a result, and with `decodingWhole` a document.
    guard let (document, _, _) = try load(at: path, locales: locales, unlessItemsFiles: false),
      let document
    else {
      return try DocumentLoader.load(path: path, locales: locales)
    }
    return document
  }

  /// A compiled form held in memory, and the document's bytes it was compiled from.
  package struct Compiled: Sendable {
    /// The compiled form's bytes (``DocumentCacheFormat``).
    var compiled: [UInt8]
    /// The document's bytes, as read.
    var bytes: [UInt8]
  }

  /// Compiles the document at `path` from its bytes, without decoding it whole, and writes its
  /// cache when the rules allow: the errors of a whole load; the compiled form, written or not
  /// (a folder that cannot be written costs nothing more: the caller reads it from memory); and
  /// the document decoded whole only when it was not compiled.
  ///
  /// - Throws: the errors of ``DocumentLoader/load(path:loadingItemsFiles:locales:)-(SystemPath,_,_)``.
  package func compileDocument(at path: SystemPath, locales: [String] = []) throws(DocumentError)
    -> (document: SettingsDocument?, compiled: Compiled?)
  {
    guard
      let (document, bytes, compiled) = try load(
        at: path, locales: locales, unlessItemsFiles: false, decodingWhole: false)
    else {
      return (try DocumentLoader.load(path: path, locales: locales), nil)
    }
    guard let bytes, let compiled else { return (document, nil) }
    return (document, Compiled(compiled: compiled, bytes: bytes))
  }

  /// ``loadDocument(at:locales:)``, with the document's bytes as decoded (nil when it was loaded
  /// by ``DocumentLoader`` without the cache's reading of them) and its compiled form when it was
  /// written, or, with `compilingInMemory`, made (and checked as a written one is) though it could
  /// not be trusted on disk; nil, with nothing decoded, when `unlessItemsFiles` and the document
  /// has an items file or is not read by the cache's rules.
  ///
  /// With `decodingWhole` (the default) the document is decoded whole and compiled from that;
  /// without it, it is compiled from its bytes (``DocumentCompilation/scan(_:skeleton:itemsFiles:locales:)``)
  /// and decoded whole only when it is not compiled (the document is then nil); with `reuse`, the
  /// sections whose bytes did not change since the compile it kept are taken from it
  /// (``DocumentCompilation/scan(_:skeleton:itemsFiles:locales:reusing:)``), and it keeps this one.
  func load(
    at path: SystemPath, locales: [String], unlessItemsFiles: Bool, compilingInMemory: Bool = false,
    decodingWhole: Bool = true, reusing reuse: CompilationReuse? = nil
  ) throws(DocumentError) -> (document: SettingsDocument?, bytes: [UInt8]?, compiled: [UInt8]?)? {
    let start = systemRealtimeNanoseconds()
    guard let absolutePath = Self.absolute(path),
      let descriptor = try? FileDescriptor.open(path, [.readOnly, .closeOnExec, .nonBlocking])
    else { return unlessItemsFiles ? nil : (try DocumentLoader.load(path: path, locales: locales), nil, nil) }
    var descriptors = [descriptor]
    defer { for descriptor in descriptors { descriptor.close() } }
    guard let before = try? descriptor.status(), before.kind == .regular,
      before.size <= FileSystem.defaultReadLimit,
      let bytes = try? descriptor.readToEnd(limit: FileSystem.defaultReadLimit, expectedSize: before.size),
      let skeleton = DocumentSkeleton(bytes)
    else { return unlessItemsFiles ? nil : (try DocumentLoader.load(path: path, locales: locales), nil, nil) }
    if unlessItemsFiles, skeleton.sections?.contains(where: { $0.itemsFile != nil }) == true { return nil }
    let directory = path.directory
    let source = SourceText(name: path.description, bytes: bytes)
    func decodeWhole(unless document: SettingsDocument? = nil) throws(DocumentError) -> SettingsDocument {
      if let document { return document }
      let whole = try DocumentLoader.decode(source, itemsFilesIn: directory, locales: locales)
      itemCount?.addDecoded(whole)
      return whole
    }

    // The items files are read before the document is decoded, so that their identities cover
    // what it read.
    var sources: [(path: SystemPath, status: FileStatus)] = [(absolutePath, before)]
    var files: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])] = [:]
    var readable = true
    for (index, section) in (skeleton.sections ?? []).enumerated() {
      guard let file = section.itemsFile else { continue }
      let filePath = DocumentLoader.itemsFilePath(file, directory: directory)
      guard let opened = try? FileDescriptor.open(filePath, [.readOnly, .closeOnExec, .nonBlocking]) else {
        readable = false
        break
      }
      descriptors.append(opened)
      guard let status = try? opened.status(), status.kind == .regular,
        let fileBytes = try? opened.readToEnd(limit: FileSystem.defaultReadLimit, expectedSize: status.size),
        opened.identity() == status.identity, let absoluteFile = Self.absolute(filePath)
      else {
        readable = false
        break
      }
      files[index] = (filePath, sources.count, fileBytes, Self.lines(of: fileBytes))
      sources.append((absoluteFile, status))
    }
    // A source changed while it was read, or too recently to be told apart from a second change
    // (see the type's rules), is not written: compiled in memory only, when asked.
    var writing = readable && descriptor.identity() == before.identity
    for source in sources where source.status.isRacy(at: start, window: racyWindow) { writing = false }
    guard writing || (compilingInMemory && readable && files.isEmpty) else {
      return (try decodeWhole(), bytes, nil)
    }
    let fingerprint = DocumentCacheFormat.fingerprint(buildTag: buildTag)
    let identities = sources.map { ($0.path, $0.status.identity) }
    let sourceBytes: (Int) -> [UInt8]? = { index in
      index == 0 ? bytes : files.values.first(where: { $0.source == index })?.bytes
    }
    let document: SettingsDocument?
    let compilation: DocumentCompilation?
    let expected: DocumentCacheFile.Expected?
    var reusable: DocumentCompilation.Reusable?
    if decodingWhole {
      let whole = try decodeWhole()
      document = whole
      compilation = DocumentCompilation(
        document: whole, skeleton: skeleton, bytes: bytes,
        itemsFiles: files.mapValues { ($0.source, $0.lines) })
      expected = DocumentCacheFile.Expected(document: whole)
    } else {
      let scanned = try DocumentCompilation.scan(
        source, skeleton: skeleton, itemsFiles: files, locales: locales, reusing: reuse?.previous,
        leaving: reuse != nil)
      document = nil
      compilation = scanned?.compilation
      var owned = 0
      compilation?.forEachOwned { _ in owned += 1 }
      itemCount?.add(compiled: owned - (scanned?.reused ?? 0), compilerBuilt: scanned?.built ?? 0)
      expected = scanned?.expected
      reusable = scanned?.reusable
    }
    guard let compilation, var expected else { return (try decodeWhole(unless: document), bytes, nil) }
    if let itemCount {
      let row = expected.row
      expected.row = { section, number in
        itemCount.add(checked: 1)
        return row(section, number)
      }
    }
    let encoding = DocumentCacheFile.encoding(
      compilation, sources: identities, locales: locales, fingerprint: fingerprint)
    let encoded = encoding.bytes
    // The compile is kept for the next with its encoding only once the encoding is checked.
    let checked = DocumentCacheFile.check(
      encoded, against: expected, locales: locales, fingerprint: fingerprint, itemCount: itemCount,
      sources: sourceBytes)
    if let reuse, let reusable { reuse.keep(checked ? reusable.encoded(as: encoding) : reusable) }
    guard checked else { return (try decodeWhole(unless: document), bytes, nil) }
    if writing { write(encoded, to: self.path(forDocument: absolutePath, locales: locales)) }
    return (document, bytes, encoded)
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

  /// How long a cache file may go unwritten before a write of another one removes it, in
  /// nanoseconds: 30 days. Each build and locale list of each document has a file of its own, so
  /// the files of earlier versions would otherwise stay for good; one still read is only rebuilt.
  package var unusedAge: Int64 = 30 * 24 * 3_600 * 1_000_000_000

  /// Writes `bytes` to a temporary file in the folder and renames it over `target`; best effort
  /// (``FileSystem/replaceBestEffort(_:with:)``). Then removes the folder's other cache files
  /// (named as ``path(forDocument:locales:)`` names them) last written more than ``unusedAge`` ago;
  /// a reader that has one open reads it to the end (`unlink(2)` leaves it to open descriptors).
  func write(_ bytes: [UInt8], to target: SystemPath) {
    FileSystem.replaceBestEffort(target, with: bytes)
    let oldest = systemRealtimeNanoseconds() - unusedAge
    let name = target.lastComponent
    systemRemoveEntries(in: directory) { entry in
      guard entry != name, Self.isCacheFileName(entry),
        let status = FileSystem.status(of: directory.appending(entry), followingLinks: false)
      else { return false }
      return status.kind == .regular && status.modificationTime < oldest
    }
  }

  /// Whether `name` is a cache file's (``path(forDocument:locales:)``): 16 lowercase hexadecimal
  /// digits and `.cache`. Nothing else in the folder (the etcd store's copies) is removed.
  static func isCacheFileName(_ name: SystemPath) -> Bool {
    let bytes = name.bytes
    return bytes.count == 22 && bytes.suffix(6).elementsEqual(".cache".utf8)
      && bytes.prefix(16).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
