/// One change to the elements of a typed list key: a ``ListOperation`` whose elements are of the
/// key's element type, for ``Settings/edit(_:_:)-(_,ListEdit<Element>)``.
///
/// ```swift
/// try settings.edit(SettingKeys.dns, .add("9.9.9.9", at: 1))
/// try settings.edit(SettingKeys.preferredLanguages, .move(from: 2, to: 1))
/// ```
///
/// Positions count from 1, as ``ListOperation``'s do.
public struct ListEdit<Element: SettingKeyValue>: Sendable, Equatable {
  /// The operation, with each element as its ``SettingValue``.
  public var operation: ListOperation

  /// Wraps an operation on ``SettingValue``s.
  public init(_ operation: ListOperation) {
    self.operation = operation
  }

  /// Adds `element` at position `at` (from 1 to one past the last), or at the end when nil.
  public static func add(_ element: Element, at position: Int? = nil) -> ListEdit {
    ListEdit(.add(element.settingValue, at: position))
  }

  /// Removes the element at position `at` (from 1).
  public static func remove(at position: Int) -> ListEdit {
    ListEdit(.remove(at: position))
  }

  /// Removes the first element equal to `element`.
  public static func remove(_ element: Element) -> ListEdit {
    ListEdit(.removeValue(element.settingValue))
  }

  /// Moves the element at position `from` so that it stands at position `to` (both from 1).
  public static func move(from: Int, to: Int) -> ListEdit {
    ListEdit(.move(from: from, to: to))
  }

  /// Puts `element` in place of the element at position `at` (from 1).
  public static func replace(at position: Int, with element: Element) -> ListEdit {
    ListEdit(.replace(at: position, with: element.settingValue))
  }

  /// Sets the field whose key is `field` (its key in the document, such as `server`) of the record
  /// at position `of` (from 1) to `value`.
  public static func setField(_ field: String, of position: Int, to value: some SettingKeyValue) -> ListEdit {
    ListEdit(.setField(field, of: position, to: value.settingValue))
  }
}
