import { Command, Option } from 'commander';
import { registerCommands } from './commands/index.js';
import { DEFAULT_CLOUD } from './config/settings.js';
import packageJson from '../package.json' with { type: 'json' };

export const VERSION: string = packageJson.version;

/** The `varde` command tree with its global options; main.ts runs it. */
export function createProgram(): Command {
  const program = new Command('varde')
    .description('The Varde command line: sign in to a Varde cloud and script it.')
    .version(VERSION, '-V, --version')
    .addOption(new Option('--profile <name>', 'profile to use (env: VARDE_PROFILE)').default(undefined, 'default'))
    .addOption(new Option('--cloud <url>', 'cloud URL (env: VARDE_CLOUD)').default(undefined, DEFAULT_CLOUD))
    .option('--json', 'print JSON instead of a table or tab-separated lines')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError('(run varde help for usage)')
    .exitOverride();
  registerCommands(program);
  // Subcommands share the program's error handling (exit codes are mapped in main.ts).
  for (const command of program.commands) command.exitOverride();
  return program;
}
