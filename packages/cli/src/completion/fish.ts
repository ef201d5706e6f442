/** `varde completion fish`: fish completions (with descriptions) made from the command tree. */
import { allCommands, optionsAt, type CompletionOption, type CompletionTree } from './commandTree.js';
import { pathKey, shellCases } from './shellCases.js';

/** A word in single quotes in fish. */
const quoted = (text: string): string => `'${text.replace(/[\\']/g, '\\$&').replace(/\s+/g, ' ')}'`;

function switchFunction(name: string, subject: string, entries: [string, string][]): string {
  const arms = entries.map(([key, answer]) => `        case ${quoted(key)}\n            echo ${quoted(answer)}`);
  return [`function ${name}`, `    switch ${subject}`, ...arms, '        case \'*\'', '            return 1', '    end', 'end'].join('\n');
}

function optionLine(program: string, condition: string, option: CompletionOption): string {
  const flags = option.flags.map((flag) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`)).join(' ');
  // -x: a value from the choices; -r -F: any value, file names offered.
  const value = !option.takesValue ? '' : option.choices.length > 0 ? ` -x -a ${quoted(option.choices.join(' '))}` : ' -r -F';
  return `complete -c ${program} -n ${quoted(condition)} ${flags}${value} -d ${quoted(option.description)}`;
}

export function fishCompletion(tree: CompletionTree): string {
  const cases = shellCases(tree);
  const fn = `__${tree.program}`;
  const lines: string[] = [];
  for (const command of allCommands(tree)) {
    const at = `${fn}_at ${quoted(pathKey(command))}`;
    for (const child of command.commands) {
      for (const name of child.names) lines.push(`complete -c ${tree.program} -n ${quoted(at)} -f -a ${quoted(name)} -d ${quoted(child.description)}`);
    }
    for (const choice of command.argumentChoices) lines.push(`complete -c ${tree.program} -n ${quoted(at)} -f -a ${quoted(choice)}`);
    for (const option of optionsAt(tree, command)) lines.push(optionLine(tree.program, at, option));
  }
  return `# fish completion for ${tree.program}, made by \`${tree.program} completion fish\` from its commands.
# Load it now:      ${tree.program} completion fish | source
# or for good:      ${tree.program} completion fish > ~/.config/fish/completions/${tree.program}.fish

${switchFunction(`${fn}_child`, '"$argv[1]/$argv[2]"', cases.children)}

# Succeeds for the options that take a value.
${switchFunction(`${fn}_takes_value`, '"$argv[1]/$argv[2]"', cases.values.map(([key]) => [key, '']))}

# The command path of the words before the cursor (\`users import\`; empty for ${tree.program} itself).
function ${fn}_path
    set -l words (commandline -opc)
    set -l path ''
    set -l skip 0
    for word in $words[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case '-*=*'
            case '-*'
                ${fn}_takes_value "$path" $word >/dev/null; and set skip 1
            case '*'
                set -l next (${fn}_child "$path" $word); and set path $next
        end
    end
    echo $path
end

function ${fn}_at
    test (${fn}_path) = "$argv[1]"
end

complete -c ${tree.program} -e
${lines.join('\n')}
`;
}
