import SettingsKit

/// `settings set KEY VALUE` or `settings set KEY=VALUE…`: every pair is checked before anything is
/// written; `--json` prints what changed.
enum SetCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    // A list's elements are checked by its rules, an empty one too.
    let words = try context.arguments(refusingEmpty: false)
    if words.count > 2, !words[0].isEmpty, !words[0].contains("="), context.invocation[Options.add] == nil,
      context.invocation[Options.remove] == nil
    {
      return try setList(context, key: words[0], words: Array(words.dropFirst()))
    }
    let arguments = try context.arguments()
    if let edit = try setEdit(context, arguments) { return edit }
    if arguments.count == 2, let field = try setField(context, arguments) { return field }
    var assignments: [(key: String, text: String)] = []
    if !arguments[0].contains("=") {
      guard arguments.count == 2 else {
        let message =
          arguments.count == 1
          ? "Missing VALUE for '\(TerminalText.escaped(arguments[0]))'"
          : "Unexpected argument '\(TerminalText.escaped(arguments[2]))'"
        throw .usage(message, subcommand: .set)
      }
      assignments = [(arguments[0], arguments[1])]
    } else {
      for argument in arguments {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
          throw .usage(
            TerminalText.escaped(SettingsError.malformedAssignment(argument).message), subcommand: .set)
        }
        assignments.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
      }
    }
    let settings = try context.openSettings(forWriting: true, keys: assignments.map(\.key))
    let changes: [SettingChange]
    do {
      changes = try settings.set(assignments)
    } catch {
      throw CommandError(error)
    }
    for (key, _) in assignments { context.warnings.addDeprecation(of: key, in: settings) }
    return context.wantsJSON ? ChangeJSON.text(changes, in: settings.document) : ""
  }

  /// `set KEY VALUE VALUE…` on a list of values: the list becomes these elements, in this order.
  /// On any other item, the third argument is unexpected, as before.
  static func setList(_ context: CommandContext, key: String, words: [String]) throws(CommandError) -> String
  {
    let unexpected = CommandError.usage(
      "Unexpected argument '\(TerminalText.escaped(words[1]))'", subcommand: .set)
    // Until the key is known to be a list, any failure is the usage error it always was.
    guard let settings = try? context.openSettings(forWriting: true, keys: [key]),
      (try? settings.item(key).type) == .list
    else { throw unexpected }
    let change: SettingChange?
    do {
      change = try settings.set(key, to: try settings.listValue(words: words, for: key))
    } catch {
      throw CommandError(error)
    }
    context.warnings.addDeprecation(of: key, in: settings)
    return context.wantsJSON ? ChangeJSON.text(change.map { [$0] } ?? [], in: settings.document) : ""
  }

  /// `set KEY[N].field VALUE`: one field of record N (from 1) of a list of records, or
  /// `set KEY[N] VALUE`: element N of a list of values; nil when the first argument is not of that
  /// form or names no list, so that it is read as a key as before.
  static func setField(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> String? {
    let target = arguments[0]
    guard let open = target.firstIndex(of: "["), open != target.startIndex,
      let close = target[open...].firstIndex(of: "]")
    else { return nil }
    let key = String(target[..<open])
    let rest = target[target.index(after: close)...]
    guard rest.isEmpty || (rest.hasPrefix(".") && rest.count > 1) else { return nil }
    let field = rest.isEmpty ? nil : String(rest.dropFirst())
    guard let settings = try? context.openSettings(forWriting: true, keys: [key]),
      let item = try? settings.item(key), item.type == .list, let list = item.list
    else { return nil }
    let shownKey = TerminalText.escaped(key)
    let position = target[target.index(after: open)..<close]
    guard let index = Int(position), index >= 1 else {
      throw .usage(
        "'\(TerminalText.escaped(String(position)))' is not a position in '\(shownKey)': positions count "
          + "from 1, as 'settings get \(shownKey)' prints the elements", subcommand: .set)
    }
    let operation: ListOperation
    do {
      switch (field, list.fields) {
      case (let field?, _?):
        operation = try settings.fieldOperation(key, index: index, field: field, word: arguments[1])
      case (nil, nil):
        guard let element = try settings.listElements(words: [arguments[1]], for: key).first else {
          return nil
        }
        operation = .replace(at: index, with: element)
      case (_?, nil):
        throw CommandError.usage(
          "'\(shownKey)' is a list of values, whose elements have no fields: 'set \(shownKey)[\(index)] VALUE' "
            + "changes element \(index)", subcommand: .set)
      case (nil, _?):
        let fields = list.fields?.compactMap(\.key).joined(separator: ", ") ?? ""
        throw CommandError.usage(
          "'\(shownKey)' is a list of records: name the field to change, as in "
            + "'set \(shownKey)[\(index)].FIELD VALUE' with a FIELD of \(fields)", subcommand: .set)
      }
    } catch let error as CommandError {
      throw error
    } catch let error as SettingsError {
      throw CommandError(error)
    } catch {
      throw CommandError.usage(String(describing: error), subcommand: .set)
    }
    let change: SettingChange?
    do {
      change = try settings.edit(key, [operation])
    } catch {
      throw CommandError(error)
    }
    context.warnings.addDeprecation(of: key, in: settings)
    return context.wantsJSON ? ChangeJSON.text(change.map { [$0] } ?? [], in: settings.document) : ""
  }

  /// `set KEY --add VALUE` or `set KEY --remove VALUE` on a multiple choice item; nil without them.
  static func setEdit(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> String? {
    let add = context.invocation[Options.add]
    let remove = context.invocation[Options.remove]
    guard add != nil || remove != nil else { return nil }
    guard add == nil || remove == nil else {
      throw .usage("Give --add or --remove, not both", subcommand: .set)
    }
    guard arguments.count == 1, !arguments[0].contains("=") else {
      throw .usage("--\(add != nil ? "add" : "remove") takes one KEY and no VALUE argument", subcommand: .set)
    }
    let settings = try context.openSettings(forWriting: true)
    let change: SettingChange?
    do {
      if let add {
        change = try settings.add(add, to: arguments[0])
      } else {
        change = try settings.remove(remove ?? "", from: arguments[0])
      }
    } catch {
      throw CommandError(error)
    }
    return context.wantsJSON ? ChangeJSON.text(change.map { [$0] } ?? [], in: settings.document) : ""
  }
}
