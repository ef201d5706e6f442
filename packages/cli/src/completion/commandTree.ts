/**
 * The `varde` command tree as plain data for the completion scripts, read from commander's own tree
 * (its Help lists what `--help` shows), so a new command or flag is completed without touching this
 * folder.
 */
import type { Command, Option } from 'commander';

export interface CompletionOption {
  /** `--cloud`, `-V`... */
  flags: string[];
  description: string;
  /** The option is followed by a value (`--cloud <url>`). */
  takesValue: boolean;
  /** The values it accepts, when commander knows them (`.choices()`). */
  choices: string[];
}

export interface CompletionCommand {
  /** Names from the program down, empty for `varde` itself: `['users', 'import']`. */
  path: string[];
  /** Its name and aliases. */
  names: string[];
  description: string;
  /** Its own options (the program's are in the tree's `globalOptions`). */
  options: CompletionOption[];
  commands: CompletionCommand[];
  /** The values its first argument may take, when commander knows them (`completion <shell>`). */
  argumentChoices: string[];
}

export interface CompletionTree {
  program: string;
  /** Options accepted after any command (the program's). */
  globalOptions: CompletionOption[];
  root: CompletionCommand;
}

function optionOf(option: Option): CompletionOption {
  return {
    flags: [option.long, option.short].filter((flag): flag is string => Boolean(flag)),
    description: option.description,
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
  };
}

function commandOf(command: Command, path: string[], isRoot: boolean): CompletionCommand {
  const help = command.createHelp();
  return {
    path,
    names: [command.name(), ...command.aliases()],
    description: command.summary() || command.description(),
    // The program's options are completed everywhere, so the root lists none of its own.
    options: isRoot ? [] : help.visibleOptions(command).map(optionOf),
    commands: help.visibleCommands(command).map((child) => commandOf(child, [...path, child.name()], false)),
    argumentChoices: command.registeredArguments[0]?.argChoices ?? [],
  };
}

export function completionTree(program: Command): CompletionTree {
  return {
    program: program.name(),
    globalOptions: program.createHelp().visibleOptions(program).map(optionOf),
    root: commandOf(program, [], true),
  };
}

/** Every command of the tree, the root first, parents before children. */
export function allCommands(tree: CompletionTree): CompletionCommand[] {
  const found: CompletionCommand[] = [];
  const visit = (command: CompletionCommand) => {
    found.push(command);
    command.commands.forEach(visit);
  };
  visit(tree.root);
  return found;
}

/** Options after a command: its own, then the program's. */
export function optionsAt(tree: CompletionTree, command: CompletionCommand): CompletionOption[] {
  const own = new Set(command.options.flatMap((option) => option.flags));
  return [...command.options, ...tree.globalOptions.filter((option) => !option.flags.some((flag) => own.has(flag)))];
}
