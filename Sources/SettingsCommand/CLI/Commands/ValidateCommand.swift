import SettingsKit

/// `settings validate [PATH]`: loads a document and reports every problem, or a one-line summary;
/// with `--json`, either as one object on standard output.
enum ValidateCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    var context = context
    if let path = try context.arguments().first {
      if let given = context.invocation[Options.file] {
        throw .usage(
          "Two documents to validate: '\(TerminalText.escaped(given))' from \(Options.file.definition.name) and "
            + "'\(TerminalText.escaped(path))' as PATH; give one",
          subcommand: .validate)
      }
      context.invocation.set(Options.file, to: path)
    }
    let name =
      context.documentPath == "-" ? CommandContext.standardInputName : context.documentFile?.description
    let shownName = name ?? "<embedded default>"
    let document: SettingsDocument
    do {
      document = try context.loadDocument()
    } catch {
      guard context.wantsJSON else { throw error }
      var failure = error
      failure.standardOutput = JSONWriter().string(
        .object([
          ("file", name.map(JSONValue.string) ?? .null), ("valid", .bool(false)),
          ("problems", .array(error.problems.map(\.json))),
        ]))
      failure.messages = []
      throw failure
    }
    let items = document.allItems.count
    if context.wantsJSON {
      return JSONWriter().string(
        .object([
          ("file", name.map(JSONValue.string) ?? .null), ("valid", .bool(true)),
          ("sections", .integer(document.sections.count)), ("items", .integer(items)),
        ]))
    }
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "\(shownName): valid: \(count(document.sections.count, "section")), \(count(items, "item"))\n"
  }
}

/// One problem of a document, as `validate --json` lists it.
struct Problem {
  var file: String
  var location: SourceLocation?
  var path: String
  var message: String

  var json: JSONValue {
    var pairs: [(String, JSONValue)] = [("file", .string(file))]
    if let location { pairs += [("line", .integer(location.line)), ("column", .integer(location.column))] }
    pairs += [("path", .string(path)), ("message", .string(message))]
    return .object(pairs)
  }
}
