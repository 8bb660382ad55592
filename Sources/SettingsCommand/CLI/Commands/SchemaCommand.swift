import SettingsKit

/// `settings schema [--store]`: prints the JSON Schema of the document format, or of the current
/// document's store.
enum SchemaCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    guard context.invocation[Options.storeSchema] else {
      return JSONWriter().string(SettingsSchema.document)
    }
    return JSONWriter().string(SettingsSchema.store(for: try context.loadDocument()))
  }
}
