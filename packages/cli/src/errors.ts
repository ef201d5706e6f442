import { EXIT, type ExitCode } from './exitCodes.js';

/** An error the CLI reports as one line on stderr, exiting with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

export function notSignedIn(profile: string): CliError {
  const flag = profile === 'default' ? '' : ` --profile ${profile}`;
  return new CliError(`Not signed in. Run: varde login${flag}`, EXIT.auth);
}
