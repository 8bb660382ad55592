import SettingsKit

/// `settings check [--fix [--drop-unknown]]`: the store measured against the document, as
/// `validate` measures the document alone. Exits 0 when clean, 1 with findings.
enum CheckCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    let fixing = context.invocation[Options.fix]
    if context.invocation[Options.dropUnknown], !fixing {
      throw .usage(
        "'\(Options.dropUnknown.definition.name)' applies only with '\(Options.fix.definition.name)'",
        subcommand: .check)
    }
    let settings = try context.openSettings(forWriting: fixing)
    let before: StoreCheck
    var after: StoreCheck
    var output = ""
    do {
      before = try settings.check()
      after = before
      output = context.wantsJSON ? "" : before.lines.map { TerminalText.escaped($0) + "\n" }.joined()
      if fixing, !before.isClean {
        let dropping = context.invocation[Options.dropUnknown]
        let actions = fixActions(before, droppingUnknownKeys: dropping)
        if !context.wantsJSON { output += actions.map { "fix: \($0)\n" }.joined() }
        if !actions.isEmpty {
          try settings.fix(droppingUnknownKeys: dropping)
          after = try settings.check()
        }
      }
    } catch {
      throw CommandError(error)
    }
    if context.wantsJSON {
      var json = before.json
      if fixing, case .object(let members) = json.kind {
        json = .object(
          members.map { ($0.name, $0.value) } + [
            ("fixed", .bool(after != before)), ("cleanAfterFix", .bool(after.isClean)),
          ])
      }
      output = JSONWriter().string(json)
    } else if before.isClean || (fixing && after.isClean) {
      output += "\(TerminalText.escaped(after.file)): clean\n"
    }
    guard after.isClean else {
      var failure = CommandError(messages: [], status: .refused)
      failure.standardOutput = output
      throw failure
    }
    return output
  }

  /// What `--fix` does, one line per change, in the order of the findings.
  static func fixActions(_ check: StoreCheck, droppingUnknownKeys: Bool) -> [String] {
    func shown(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }
    var actions: [String] = []
    if droppingUnknownKeys {
      actions += check.unknownKeys.map { "remove unknown key \(shown($0.key))" }
    }
    let rejected = Set(check.problems.map(\.key))
    actions += check.problems.map {
      let value =
        $0.notJSON.map { "not JSON (\(TerminalText.escaped($0)))" }
        ?? StoredValueProblem.shown($0.storedValue, secure: $0.isSecure)
      return "remove \(shown($0.key)): \(value)"
    }
    actions += check.renamedValues.map { renamed in
      renamed.isRead && !rejected.contains(renamed.key)
        ? "move \(shown(renamed.oldKey)) to \(shown(renamed.key))" : "remove \(shown(renamed.oldKey))"
    }
    return actions
  }
}
