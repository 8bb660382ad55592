import SettingsKit

// `add`, `remove` and `move`: one element of a list item, one journaled change.

extension Subcommand {
  var listDeclaration: SubcommandDefinition {
    let key = ArgumentDefinition(
      name: "KEY", help: "A list item's key: its dot path, or its own key where only one item has it.",
      kind: .listKey)
    let positions =
      "Positions count from 1, as 'settings get KEY' prints the elements, one a line. The change is checked "
      + "against every rule of the list (its element's type and rules, minCount, maxCount, unique) and is "
      + "one change in the history."
    switch self {
    case .add:
      return SubcommandDefinition(
        name: rawValue, abstract: "Add elements to a list: values, or a record as field=value pairs.",
        forms: [
          [
            key,
            ArgumentDefinition(
              name: "VALUE",
              help: "For a list of values: each element, added in this order (a choice by value or title). "
                + "For a list of records: one record, as field=value pairs; a field left out takes its default.",
              arity: .oneOrMore),
          ]
        ],
        discussion: positions)
    case .remove:
      return SubcommandDefinition(
        name: rawValue, abstract: "Remove one element from a list, by value or by position (--at N).",
        forms: [
          [
            key,
            ArgumentDefinition(
              name: "VALUE",
              help: "The element to remove (the first equal one); for a list of records, the record whose "
                + "title field holds it. Leave it out with --at N.",
              arity: .optional),
          ]
        ],
        discussion: positions)
    default:
      return SubcommandDefinition(
        name: rawValue, abstract: "Move one element of a list to another position.",
        forms: [[key, ArgumentDefinition(name: "N", help: "The position of the element to move, from 1.")]],
        discussion: positions)
    }
  }
}
