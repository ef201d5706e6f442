/** `varde completion bash`: a bash completion function made from the command tree. */
import type { CompletionTree } from './commandTree.js';
import { shellCases } from './shellCases.js';

/** A word inside double quotes in bash (command names and flags are plain, but stay safe). */
const quoted = (text: string): string => `"${text.replace(/["\\$`]/g, '\\$&')}"`;

function caseFunction(name: string, subject: string, entries: [string, string][], fallback = ''): string {
  const arms = entries.map(([key, answer]) => `    ${quoted(key)}) echo ${quoted(answer)} ;;`);
  return [`${name}() {`, `  case ${subject} in`, ...arms, `    *) ${fallback || 'return 1'} ;;`, '  esac', '}'].join('\n');
}

export function bashCompletion(tree: CompletionTree): string {
  const cases = shellCases(tree);
  const fn = `_${tree.program}`;
  return `# bash completion for ${tree.program}, made by \`${tree.program} completion bash\` from its commands.
# Load it now:      source <(${tree.program} completion bash)
# or for good:      ${tree.program} completion bash > ~/.local/share/bash-completion/completions/${tree.program}

${caseFunction(`${fn}_commands`, '"$1"', cases.commands.map(([key, names]) => [key, names.join(' ')]))}

${caseFunction(`${fn}_options`, '"$1"', cases.options.map(([key, flags]) => [key, flags.join(' ')]))}

${caseFunction(`${fn}_child`, '"$1/$2"', cases.children)}

# Options that take a value; echoes the values it may take (nothing: any, e.g. a file name).
${caseFunction(`${fn}_value_of`, '"$1/$2"', cases.values.map(([key, choices]) => [key, choices.join(' ')]))}

${fn}_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word next value_of="" i
  COMPREPLY=()
  # Walk the words before the cursor: subcommand names move down the tree, an option's value is skipped.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ -n "$value_of" ]]; then value_of=""; continue; fi
    case "$word" in
      -*=*) ;;
      -*) ${fn}_value_of "$path" "$word" >/dev/null && value_of="$word" ;;
      *) next="$(${fn}_child "$path" "$word")" && path="$next" ;;
    esac
  done
  if [[ -n "$value_of" ]]; then
    # Known choices, else the shell's default (file names).
    local choices; choices="$(${fn}_value_of "$path" "$value_of")"
    [[ -n "$choices" ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(${fn}_options "$path")" -- "$cur"))
    return 0
  fi
  local commands
  commands="$(${fn}_commands "$path")" && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
  return 0
}

complete -o default -F ${fn}_complete ${tree.program}
`;
}
