import type { Command } from 'commander';
import { resolveSettings, type GlobalOptions, type Settings } from './config/settings.js';
import { CloudSession } from './cloud/cloudSession.js';
import { Output } from './output/output.js';
import { StdinLines } from './io/stdinLines.js';

/** What a command's action works with; built from the global options once per run. */
export interface CommandContext {
  settings: Settings;
  output: Output;
  session: CloudSession;
  stdin: StdinLines;
}

export function createContext(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const settings = resolveSettings(options);
  if (settings.credentialsWithheldFrom !== undefined && settings.environmentToken === undefined) {
    process.stderr.write(
      `warning: profile ${settings.profileName} holds a sign-in for ${settings.credentialsWithheldFrom}; it is not sent to ${settings.cloud}. Sign in there, or set VARDE_TOKEN.\n`,
    );
  }
  return {
    settings,
    output: new Output(options.json === true),
    session: new CloudSession(settings),
    stdin: sharedStdin,
  };
}

/** One reader for the whole process: stdin can be consumed only once. */
export const sharedStdin = new StdinLines();

/**
 * Wraps a command's action so it receives the context first; commander passes the positional
 * arguments, then the command's own options, then the Command itself.
 */
export function withContext<Args extends unknown[]>(
  action: (context: CommandContext, ...args: Args) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    await action(createContext(command), ...(args.slice(0, -1) as Args));
  };
}
