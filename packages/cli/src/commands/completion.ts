import { Argument, type Command } from 'commander';
import { bashCompletion } from '../completion/bash.js';
import { completionTree } from '../completion/commandTree.js';
import { fishCompletion } from '../completion/fish.js';
import { zshCompletion } from '../completion/zsh.js';

const WRITERS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion } as const;

/** `varde completion bash|zsh|fish`: prints a completion script made from the command tree as it is now. */
export function registerCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script: bash, zsh or fish (e.g. source <(varde completion bash))')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(WRITERS)))
    .action((shell: keyof typeof WRITERS) => {
      process.stdout.write(WRITERS[shell](completionTree(program)));
    });
}
