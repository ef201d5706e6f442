/**
 * The lookups every completion script needs, as (key, answer) pairs the shell-specific writers turn into
 * a `case`/`switch`: a command's subcommands, its options, which options take a value and their choices,
 * and which word leads from a command to a subcommand. Keys are the command path joined with spaces
 * (`users import`; the program is the empty string).
 */
import { allCommands, optionsAt, type CompletionCommand, type CompletionOption, type CompletionTree } from './commandTree.js';

export const pathKey = (command: CompletionCommand): string => command.path.join(' ');

export interface ShellCases {
  /** path -> its subcommands' names (aliases included), or the values of its first argument. */
  commands: [string, string[]][];
  /** path -> every flag accepted there. */
  options: [string, string[]][];
  /** `path/word` -> the path it leads to. */
  children: [string, string][];
  /** `path/flag` of the options that take a value -> their choices (empty: any value, e.g. a file). */
  values: [string, string[]][];
}

export function shellCases(tree: CompletionTree): ShellCases {
  const commands = allCommands(tree);
  const optionsOf = (command: CompletionCommand): CompletionOption[] => optionsAt(tree, command);
  return {
    commands: commands
      .map((command): [string, string[]] => [pathKey(command), [...command.commands.flatMap((child) => child.names), ...command.argumentChoices]])
      .filter(([, words]) => words.length > 0),
    options: commands.map((command) => [pathKey(command), optionsOf(command).flatMap((option) => option.flags)]),
    children: commands.flatMap((command) => command.commands.flatMap((child) => child.names.map((name): [string, string] => [`${pathKey(command)}/${name}`, pathKey(child)]))),
    values: commands.flatMap((command) =>
      optionsOf(command)
        .filter((option) => option.takesValue)
        .flatMap((option) => option.flags.map((flag): [string, string[]] => [`${pathKey(command)}/${flag}`, option.choices])),
    ),
  };
}
