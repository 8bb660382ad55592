import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsWeb

/// The generated scripts in real shells, calling the built binary: bash through its completion
/// function (`COMP_WORDS`, `COMP_CWORD`, `COMPREPLY`), zsh through `compinit` and a completion
/// widget in a pseudo-terminal (zpty), fish through `complete -C`.
@Suite(.serialized)
struct ShellCompletionTests {
  /// A temporary folder holding the scripts, and an environment with the binary first on `PATH`.
  struct Setup {
    let directory: TemporaryDirectory
    let environment: [String: String]

    init() throws {
      directory = try TemporaryDirectory()
      for shell in ["bash", "zsh", "fish"] {
        let script = try runBinary(["completions", shell])
        #expect(script.status == 0)
        try directory.write(shell == "zsh" ? "_settings" : "settings.\(shell)", script.stdout)
      }
      environment = [
        "PATH": settingsBinaryDirectory + ":/usr/local/bin:/usr/bin:/bin", "HOME": directory.path,
        "XDG_CONFIG_HOME": directory.path, "TERM": "dumb", "LANG": "C.UTF-8",
        "SETTINGS_FILE": examplePath("phone-settings.json"),
      ]
    }
  }

  /// COMPREPLY after the bash function completes `line` (the cursor at its end), given as bash
  /// splits it into `words` (at white space and at the characters of `COMP_WORDBREAKS`).
  func bash(_ line: String, _ words: [String], _ setup: Setup) throws -> [String] {
    let shell = try #require(
      ExternalTool.find("bash"), "\(ExternalTool.missing("bash", install: "apt-get install bash"))")
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script = """
      source \(setup.directory.file("settings.bash"))
      COMP_WORDS=(\(words.map(quoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1)
      COMP_LINE=\(quoted(line)); COMP_POINT=${#COMP_LINE}
      _settings
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try shell.run(["--norc", "--noprofile", "-c", script], environment: setup.environment)
    #expect(outcome.status == 0, "\(outcome)")
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesKeysValuesAndPairsSplitAtEquals() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    #expect(try bash("settings set air", ["settings", "set", "air"], setup) == ["airplane"])
    #expect(try bash("settings set airplane ", ["settings", "set", "airplane", ""], setup) == ["on", "off"])
    // bash splits `airplane=o` into `airplane`, `=`, `o`, and replaces only the text after `=`.
    #expect(
      try bash("settings set airplane=o", ["settings", "set", "airplane", "=", "o"], setup) == ["on", "off"])
    #expect(
      try bash("settings set airplane=", ["settings", "set", "airplane", "="], setup) == ["on", "off"])
    // After `airplane= ` (a space), a new word: keys again, and `KEY=` pairs take no space.
    #expect(
      try bash("settings set airplane= blue", ["settings", "set", "airplane", "=", "blue"], setup) == [
        "bluetooth="
      ])
    #expect(try bash("settings --color=ne", ["settings", "--color", "=", "ne"], setup) == ["never"])
    #expect(
      try bash(
        "settings set cellular.options.voice ", ["settings", "set", "cellular.options.voice", ""], setup) == [
          "5g-auto", "5g-on", "lte",
        ])
    #expect(try bash("settings comp", ["settings", "comp"], setup) == ["completions"])
    #expect(
      try bash("settings completions ", ["settings", "completions", ""], setup) == ["bash", "zsh", "fish"])
    // bash leaves quotes in COMP_WORDS: the path is unquoted before the document is read.
    let accordion = "'" + examplePath("accordion.json") + "'"
    #expect(
      try bash("settings -f \(accordion) expand d", ["settings", "-f", accordion, "expand", "d"], setup) == [
        "display"
      ])
  }

  @Test func bashCompletesFileNamesForFileOptions() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try setup.directory.write("my-doc.json", "{}")
    let shell = try #require(
      ExternalTool.find("bash"), "\(ExternalTool.missing("bash", install: "apt-get install bash"))")
    let script = """
      source \(setup.directory.file("settings.bash")); cd \(setup.directory.path)
      COMP_WORDS=(settings -f my-); COMP_CWORD=2; _settings; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try shell.run(["--norc", "--noprofile", "-c", script], environment: setup.environment)
    #expect(outcome.stdout == "my-doc.json\n", "\(outcome)")
  }

  @Test func fishCompletesKeysAndValues() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let fish = try #require(
      ExternalTool.find("fish"), "\(ExternalTool.missing("fish", install: "apt-get install fish"))")
    func complete(_ line: String) throws -> String {
      let outcome = try fish.run(
        ["--no-config", "-c", "source \(setup.directory.file("settings.fish")); complete -C '\(line)'"],
        environment: setup.environment)
      #expect(outcome.status == 0, "\(outcome)")
      return outcome.stdout
    }
    #expect(try complete("settings set air") == "airplane\tAirplane Mode\n")
    #expect(try complete("settings set airplane ") == "off\tturn it off\non\tturn it on\n")
    #expect(try complete("settings set airplane=o") == "airplane=off\tturn it off\nairplane=on\tturn it on\n")
    #expect(
      try complete("settings show --color ") == """
        always\talways colour
        auto\tcolour when standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb
        never\tnever colour

        """)
  }

  /// The matches zsh's completion system adds for `line`, in a real interactive zsh (zpty) with
  /// `compinit` and the script on `fpath`; `compadd` is wrapped to append what it adds to a file.
  /// The completion runs in a widget that says when it is done, and nothing more is typed before:
  /// a line typed while it still ran (on a loaded machine) was typeahead, and the matches varied.
  func zsh(_ line: String, _ setup: Setup) throws -> [String] {
    let zsh = try #require(
      ExternalTool.find("zsh"), "\(ExternalTool.missing("zsh", install: "apt-get install zsh"))")
    let driver = #"""
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "PS1='' RPROMPT=''; fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
      zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
        local -a hits; builtin compadd -A hits "$@"; print -rl -- $hits >> '"${(q)3}"'
        builtin compadd "$@"; }'
      zpty -w z 'complete-then-say() { zle complete-word; zle -M "COMPLE""TED"; }; zle -N complete-then-say; bindkey "^X^T" complete-then-say'
      zpty -w z 'print -r -- REA""DY'
      zpty -r z out '*READY*'
      zpty -w -n z "$2"$'\C-x\C-t'
      zpty -r z out '*COMPLETED*'
      zpty -w z $'\C-u print -r -- DO""NE'
      zpty -r z out '*DONE*'
      zpty -d z
      if [[ -f $3 ]]; then cat -- $3; fi
      """#
    try setup.directory.write("driver.zsh", driver)
    // A zsh that never prints the marker must not hang the tests: timeout(1) ends it after 30 s.
    let timeout = try #require(
      ExternalTool.find("timeout"), "\(ExternalTool.missing("timeout", install: "apt-get install coreutils"))"
    )
    let outcome = try timeout.run(
      [
        "30", zsh.path, "-f", setup.directory.file("driver.zsh"), setup.directory.path, line,
        setup.directory.file("matches-\(UUID().uuidString).txt"),
      ],
      environment: setup.environment)
    #expect(outcome.status == 0, "\(outcome)")
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test func zshCompletesKeysValuesAndPairs() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    #expect(try zsh("settings set air", setup) == ["airplane"])
    #expect(try zsh("settings set airplane ", setup) == ["on", "off"])
    #expect(try zsh("settings set airplane=o", setup) == ["airplane=on", "airplane=off"])
    #expect(try zsh("settings -f \(examplePath("accordion.json")) collapse d", setup) == ["display"])
  }

  /// `set KEY --add VALUE` completes the choices not chosen now and `--remove VALUE` those chosen
  /// now, in bash, zsh and fish; after `set languages --add ja` the lists follow the store.
  @Test func addAndRemoveCompleteTheChoicesOfAMultipleChoiceKey() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    #expect(
      try bash("settings set languages --add ", ["settings", "set", "languages", "--add", ""], setup) == [
        "ja", "fr",
      ])
    #expect(
      try bash("settings set languages --remove ", ["settings", "set", "languages", "--remove", ""], setup)
        == [
          "en", "ko",
        ])
    #expect(
      try bash("settings set languages --add=f", ["settings", "set", "languages", "--add", "=", "f"], setup)
        == [
          "fr"
        ])
    #expect(try zsh("settings set languages --add ", setup) == ["ja", "fr"])
    #expect(try zsh("settings set languages --remove k", setup) == ["ko"])
    let fish = try #require(
      ExternalTool.find("fish"), "\(ExternalTool.missing("fish", install: "apt-get install fish"))")
    func complete(_ line: String) throws -> String {
      let outcome = try fish.run(
        ["--no-config", "-c", "source \(setup.directory.file("settings.fish")); complete -C '\(line)'"],
        environment: setup.environment)
      #expect(outcome.status == 0, "\(outcome)")
      return outcome.stdout
    }
    #expect(try complete("settings set languages --remove ") == "en\tEnglish\nko\t한국어\n")
    let added = try runBinary(["set", "languages", "--add", "ja"], environment: setup.environment)
    #expect(added.status == 0, "\(added)")
    #expect(
      try bash("settings set languages --remove ", ["settings", "set", "languages", "--remove", ""], setup)
        == [
          "en", "ko", "ja",
        ])
    #expect(try zsh("settings set languages --add ", setup) == ["fr"])
    #expect(try complete("settings set languages --add ") == "fr\tFrançais\n")
  }
}
