import { CommanderError } from 'commander';
import { createProgram } from './program.js';
import { reportError } from './errorReport.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { sharedStdin } from './context.js';

/** Runs one command line and resolves to its exit code; never throws. */
async function run(argv: string[]): Promise<ExitCode | number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message, the help or the version.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const report = reportError(error);
    process.stderr.write(`varde: ${report.message}\n`);
    return report.exitCode;
  } finally {
    sharedStdin.close();
  }
}

/** Waits until stdout has taken everything written, so piped output is not cut off by exit. */
function flushStdout(): Promise<void> {
  return new Promise((resolve) => process.stdout.write('', () => resolve()));
}

// `varde outbox | head` closes the pipe early: that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

const code = await run(process.argv.slice(2));
await flushStdout();
// Exit explicitly: keep-alive connections to the cloud would otherwise hold the process open.
process.exit(code);
