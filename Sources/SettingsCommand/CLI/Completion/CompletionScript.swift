/// The completion scripts: small functions that hand the words being completed to
/// `settings __complete` and offer what it prints (``CompleteCommand``). They never parse JSON;
/// everything they offer is derived from the declarations and the document by the binary.
enum CompletionScript {
  /// A shell with a script.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// Where the script goes, for the help.
    var help: String {
      switch self {
      case .bash:
        "bash 4 or later; source it, or save it as ~/.local/share/bash-completion/completions/settings"
      case .zsh: "zsh; save it as _settings in a folder of $fpath, before compinit runs"
      case .fish: "fish 3; save it as ~/.config/fish/completions/settings.fish"
      }
    }
  }

  /// The script for `shell`.
  static func text(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// The reply protocol: a first line `words` or `files`, then one `WORD<TAB>DESCRIPTION` a line.
  static let bash = #"""
    # bash completion for settings (settings completions bash).
    # Source this file, or save it as ~/.local/share/bash-completion/completions/settings.
    _settings() {
      local i word spaced line=${COMP_LINE:0:COMP_POINT} rest cur=${COMP_WORDS[COMP_CWORD]}
      local -a words=() lines=()
      # bash splits KEY=VALUE and --option=value at '=' (COMP_WORDBREAKS): join the pieces again
      # where nothing stands between them on the line.
      for ((i = 0; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        rest=${line#"${line%%[![:space:]]*}"}
        spaced=$((${#rest} != ${#line}))
        line=${rest#"$word"}
        if ((i > 1 && !spaced && ${#words[@]} > 0)) && [[ $word == = || ${COMP_WORDS[i - 1]} == = ]]; then
          words[${#words[@]} - 1]+=$word
        elif ((i > 0)); then
          words+=("$word")
        fi
      done
      local whole=${words[${#words[@]} - 1]}
      mapfile -t lines < <("${COMP_WORDS[0]}" __complete -- "${words[@]}" 2>/dev/null)
      COMPREPLY=()
      case ${lines[0]-} in
      files)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
      words)
        # bash replaces only the text after the last '=' when '=' breaks words.
        local prefix=
        [[ $whole == *=* && $COMP_WORDBREAKS == *=* ]] && prefix=${whole%=*}=
        for word in "${lines[@]:1}"; do
          word=${word%%$'\t'*}
          [[ $word == *= ]] && compopt -o nospace 2>/dev/null
          word=${word#"$prefix"}
          [[ $word == *[!A-Za-z0-9._=/:@%+,-]* ]] && printf -v word '%q' "$word"
          COMPREPLY+=("$word")
        done
        ;;
      esac
      return 0
    }
    complete -F _settings settings

    """#

  /// The zsh script: an autoloadable `_settings` that also works when sourced after `compinit`.
  static let zsh = #"""
    #compdef settings
    # zsh completion for settings (settings completions zsh).
    # Save it as _settings in a folder of $fpath before compinit runs, or source it after compinit.
    _settings() {
      local -a lines plain plain_shown tight tight_shown
      local line word help
      lines=("${(@f)$(${words[1]} __complete -- "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
      case $lines[1] in
      files) _files ;;
      words)
        for line in "${(@)lines[2,-1]}"; do
          word=${line%%$'\t'*}
          help=${line#*$'\t'}
          [[ $line == *$'\t'* && -n $help ]] && help="$word  -- $help" || help=$word
          if [[ $word == *= ]]; then
            tight+=("$word"); tight_shown+=("$help")
          else
            plain+=("$word"); plain_shown+=("$help")
          fi
        done
        (( $#plain )) && compadd -l -d plain_shown -a plain
        (( $#tight )) && compadd -S '' -l -d tight_shown -a tight
        ;;
      esac
      return 0
    }
    if [[ $funcstack[1] == _settings ]]; then
      _settings "$@"
    else
      compdef _settings settings
    fi

    """#

  /// The fish script.
  static let fish = #"""
    # fish completion for settings (settings completions fish).
    # Save it as ~/.config/fish/completions/settings.fish.
    function __settings_complete
        set -l tokens (commandline -opc)
        set -l current (commandline -ct)
        set -l lines (command $tokens[1] __complete -- $tokens[2..-1] "$current" 2>/dev/null)
        switch "$lines[1]"
            case files
                __fish_complete_path "$current"
            case words
                printf '%s\n' $lines[2..-1]
        end
    end
    complete -c settings -f -a '(__settings_complete)'

    """#
}
