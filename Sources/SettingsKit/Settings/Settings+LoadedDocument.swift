extension Settings {
  /// Joins a document opened from a file (``DocumentLoader/open(_:options:)-(SystemPath,_)``) and a store, with
  /// no system layers: the way to get ``Settings`` for a document file.
  ///
  /// The items of the document's items files are decoded and checked now, so that every key can be
  /// looked up, changed and searched; the rows of sections read from the compiled form are decoded
  /// when first read.
  ///
  /// - Throws: ``DocumentError`` when an items file cannot be read or a line of it is not a valid
  ///   item.
  public convenience init(document: LoadedDocument, store: any SettingsStore) throws(DocumentError) {
    self.init(document: try document.documentWithAllItems(), store: store)
  }

  /// Joins a document opened from a file (``DocumentLoader/open(_:options:)-(SystemPath,_)``) and the layers of
  /// values (``StorePolicy/layers(forWriting:)``), decoding its items files' items as
  /// ``init(document:store:)-(LoadedDocument,_)`` does.
  ///
  /// - Throws: ``DocumentError`` when an items file cannot be read or a line of it is not a valid
  ///   item.
  public convenience init(document: LoadedDocument, layers: LayeredStore) throws(DocumentError) {
    self.init(document: try document.documentWithAllItems(), layers: layers)
  }
}
