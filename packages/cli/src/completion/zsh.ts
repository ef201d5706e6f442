/** `varde completion zsh`: a zsh completion function (with descriptions) made from the command tree. */
import { allCommands, optionsAt, type CompletionTree } from './commandTree.js';
import { pathKey, shellCases } from './shellCases.js';

/** A word in single quotes in zsh. */
const quoted = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;
/** One `_describe` entry: `name:description`, with colons in the name escaped. */
const described = (name: string, description: string): string => quoted(`${name.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);

function caseFunction(name: string, subject: string, entries: [string, string[]][]): string {
  const arms = entries.map(([key, lines]) => `    ${quoted(key)}) reply=(${lines.join(' ')}) ;;`);
  return [`${name}() {`, '  reply=()', `  case ${subject} in`, ...arms, '    *) return 1 ;;', '  esac', '}'].join('\n');
}

export function zshCompletion(tree: CompletionTree): string {
  const cases = shellCases(tree);
  const commands = allCommands(tree);
  const fn = `_${tree.program}`;
  return `#compdef ${tree.program}
# zsh completion for ${tree.program}, made by \`${tree.program} completion zsh\` from its commands.
# Load it now:      source <(${tree.program} completion zsh)     (after compinit)
# or for good:      ${tree.program} completion zsh > "\${fpath[1]}/_${tree.program}"

${caseFunction(
  `${fn}_commands`,
  '"$1"',
  commands
    .map((command): [string, string[]] => [
      pathKey(command),
      [...command.commands.flatMap((child) => child.names.map((name) => described(name, child.description))), ...command.argumentChoices.map((choice) => described(choice, choice))],
    ])
    .filter(([, entries]) => entries.length > 0),
)}

${caseFunction(
  `${fn}_options`,
  '"$1"',
  commands.map((command) => [pathKey(command), optionsAt(tree, command).flatMap((option) => option.flags.map((flag) => described(flag, option.description)))]),
)}

${caseFunction(`${fn}_child`, '"$1/$2"', cases.children.map(([key, path]) => [key, [quoted(path)]]))}

# Options that take a value; reply holds the values it may take (none: any, e.g. a file name).
${caseFunction(`${fn}_value_of`, '"$1/$2"', cases.values.map(([key, choices]) => [key, choices.map(quoted)]))}

${fn}() {
  local cmdpath="" word value_of="" i
  local -a reply
  # Walk the words before the cursor: subcommand names move down the tree, an option's value is skipped.
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    if [[ -n "$value_of" ]]; then value_of=""; continue; fi
    case "$word" in
      -*=*) ;;
      -*) ${fn}_value_of "$cmdpath" "$word" && value_of="$word" ;;
      *) ${fn}_child "$cmdpath" "$word" && cmdpath="\${reply[1]}" ;;
    esac
  done
  if [[ -n "$value_of" ]]; then
    ${fn}_value_of "$cmdpath" "$value_of"
    if (( \${#reply} )); then compadd -a reply; else _files; fi
    return
  fi
  if [[ "\${words[CURRENT]}" == -* ]]; then
    ${fn}_options "$cmdpath" && _describe -t options 'option' reply
    return
  fi
  if ${fn}_commands "$cmdpath"; then _describe -t commands 'command' reply; else _files; fi
}

compdef ${fn} ${tree.program}
`;
}
