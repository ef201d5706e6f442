import type { Command } from 'commander';
import { EXIT_CODE_DESCRIPTIONS } from '../exitCodes.js';
import { Output } from '../output/output.js';
import type { GlobalOptions } from '../config/settings.js';
import { usageError } from '../errors.js';

/** Help topics that are not commands. */
const TOPICS: Record<string, { summary: string; print: (output: Output) => void }> = {
  'exit-codes': { summary: 'what each exit status means', print: printExitCodes },
  environment: { summary: 'environment variables and where settings come from', print: printEnvironment },
};

/** Replaces commander's help command: `varde help [command...]` and `varde help <topic>`. */
export function registerHelpCommand(program: Command): void {
  program.helpCommand(false);
  program
    .command('help')
    .description('Show help for a command, or a topic: exit-codes, environment')
    .argument('[words...]', 'a command (e.g. login) or a topic')
    .action((words: string[], _options: unknown, command: Command) => {
      const output = new Output(command.optsWithGlobals<GlobalOptions>().json === true);
      const topic = words.length === 1 ? TOPICS[words[0] ?? ''] : undefined;
      if (topic) return topic.print(output);
      let target: Command = program;
      for (const word of words) {
        const next = target.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
        if (!next) throw usageError(`No help for "${words.join(' ')}". Try: varde help`);
        target = next;
      }
      target.outputHelp();
    });
  program.addHelpText(
    'after',
    `\nHelp topics:\n${Object.entries(TOPICS)
      .map(([name, topic]) => `  varde help ${name.padEnd(12)} ${topic.summary}`)
      .join('\n')}`,
  );
}

function printExitCodes(output: Output): void {
  output.list(EXIT_CODE_DESCRIPTIONS, [
    { header: 'Code', value: (row) => row.code },
    { header: 'Meaning', value: (row) => row.meaning, full: true },
  ]);
}

export const ENVIRONMENT_VARIABLES: ReadonlyArray<{ name: string; meaning: string }> = [
  { name: 'VARDE_PROFILE', meaning: 'Profile to use when --profile is not given (default: default).' },
  {
    name: 'VARDE_CLOUD',
    meaning:
      "Cloud URL when --cloud is not given; overrides the profile's (default: http://localhost:8080). " +
      'An origin serves every service under /cloud/<service>; a template like https://{service}.example.com gives each service its own host.',
  },
  {
    name: 'VARDE_TOKEN',
    meaning:
      "Credentials for this run only, never stored; overrides the profile's. Either the auth service's token " +
      "(exchanged for the other services' tokens) or a JSON access-token map as POST /login returns it.",
  },
  { name: 'VARDE_USER', meaning: 'E-mail for varde login when --user is not given.' },
  { name: 'XDG_CONFIG_HOME', meaning: 'Config base directory (default ~/.config): varde/config.json in it, mode 0600, directory 0700.' },
  { name: 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY', meaning: 'Proxy for requests to the cloud.' },
];

function printEnvironment(output: Output): void {
  output.message('Settings come from, strongest first: command-line flag, environment variable, profile, default.\n');
  output.list(ENVIRONMENT_VARIABLES, [
    { header: 'Variable', value: (row) => row.name },
    { header: 'Meaning', value: (row) => row.meaning, full: true },
  ]);
}
