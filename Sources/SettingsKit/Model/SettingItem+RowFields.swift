/// A decoded item has every field a row reads; the rules over them (``RowFields``) are the ones a
/// ``CompiledRow`` is drawn by.
extension SettingItem: RowFields {}
