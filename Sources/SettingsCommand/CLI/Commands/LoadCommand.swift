import SettingsKit
import SettingsPOSIX

/// `settings load FILE [--replace] [--dry-run] [--keep-unknown]`: overrides from a JSON object,
/// checked as `set` checks them, applied all or nothing.
enum LoadCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let name = try context.arguments()[0]
    let file = try read(name, context)
    let replacing = context.invocation[Options.replace]
    let keeping = context.invocation[Options.keepUnknown]
    let dryRun = context.invocation[Options.dryRun]
    let settings = try context.openSettings(forWriting: !dryRun)
    let plan: LoadPlan
    do {
      plan =
        dryRun
        ? try settings.planLoad(file, replacing: replacing, keepingUnknownKeys: keeping)
        : try settings.load(file, replacing: replacing, keepingUnknownKeys: keeping)
    } catch {
      throw CommandError(error)
    }
    let output =
      context.wantsJSON
      ? JSONWriter().string(json(plan)) : plan.lines.map { TerminalText.escaped($0) + "\n" }.joined()
    guard plan.refusals.isEmpty else {
      var failure = CommandError(messages: [], status: .refused)
      failure.standardOutput = output
      throw failure
    }
    return output
  }

  /// The file's overrides; `-` is standard input.
  static func read(_ name: String, _ context: CommandContext) throws(CommandError) -> StoreContents {
    let bytes: [UInt8]
    let shownName: String
    if name == "-" {
      if context.documentPath == "-" {
        throw .usage("Standard input cannot hold both the document and the file to load", subcommand: .load)
      }
      guard let input = context.standardInput() else {
        throw CommandError(messages: ["cannot read the file to load from standard input"], status: .noInput)
      }
      (bytes, shownName) = (input, CommandContext.standardInputName)
    } else {
      let path = context.path(forArgument: name)
      do {
        guard let read = try FileSystem.readFile(at: path) else {
          throw FileSystemError.notFound(path: path.description)
        }
        (bytes, shownName) = (read, path.description)
      } catch {
        throw CommandError(messages: [TerminalText.escaped(error.message)], status: .noInput)
      }
    }
    do {
      return try StoreContents.parse(SourceText(name: shownName, bytes: bytes))
    } catch {
      // The store's messages say the store was left unchanged; this file is not the store.
      let file = TerminalText.escaped(shownName)
      let message =
        switch error {
        case .syntax(_, let location, let message): "\(file):\(location): \(message)"
        case .notAnObject(_, let found): "\(file): expected a JSON object of keys and values; found \(found)"
        default: error.message
        }
      throw CommandError(messages: [TerminalText.escaped(message)], status: .dataError)
    }
  }

  /// `{"changes": [{"key", "change", "old", "new"}], "refused": [{"key", "line", "column", "reason"}]}`.
  static func json(_ plan: LoadPlan) -> JSONValue {
    .object([
      (
        "changes",
        .array(
          plan.changes.map { change in
            switch change {
            case .added(let key, let value):
              .object([
                ("key", .string(key)), ("change", .string("added")), ("new", plan.shown(value, of: key)),
              ])
            case .changed(let key, let old, let new):
              .object([
                ("key", .string(key)), ("change", .string("changed")), ("old", plan.shown(old, of: key)),
                ("new", plan.shown(new, of: key)),
              ])
            case .removed(let key, let old):
              .object([
                ("key", .string(key)), ("change", .string("removed")), ("old", plan.shown(old, of: key)),
              ])
            }
          })
      ),
      (
        "refused",
        .array(
          plan.refusals.map {
            .object([
              ("key", .string($0.key)), ("line", .integer($0.location.line)),
              ("column", .integer($0.location.column)), ("reason", .string($0.reason)),
            ])
          })
      ),
    ])
  }
}
