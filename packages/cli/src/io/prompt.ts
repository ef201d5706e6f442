import { createInterface } from 'node:readline/promises';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';

/** Prompts go to stderr, so stdout stays clean for the command's output. */
const promptStream = process.stderr;

export function stdinIsTerminal(): boolean {
  return process.stdin.isTTY === true;
}

/** Asks for a visible answer on the terminal; an empty answer takes `defaultValue`. */
export async function promptVisible(question: string, defaultValue?: string): Promise<string> {
  const readline = createInterface({ input: process.stdin, output: promptStream, terminal: true });
  const interrupted = new Promise<never>((_, reject) =>
    readline.once('SIGINT', () => reject(new CliError('Interrupted.', EXIT.interrupted))),
  );
  try {
    const suffix = defaultValue ? ` [${defaultValue}]` : '';
    const answer = await Promise.race([readline.question(`${question}${suffix}: `), interrupted]);
    return answer.trim() === '' && defaultValue !== undefined ? defaultValue : answer.trim();
  } finally {
    readline.close();
  }
}

/** Asks for a secret on the terminal without echoing it (raw mode, so nothing is shown at all). */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  // Echo off before the prompt shows, so an answer typed the moment it appears is not echoed.
  input.setRawMode(true);
  promptStream.write(`${question}: `);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      promptStream.write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          return resolve(value);
        }
        if (character === '\u0003' || (character === '\u0004' && value === '')) {
          finish();
          return reject(new CliError('Interrupted.', EXIT.interrupted));
        }
        if (character === '\u007f' || character === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (character === '\u0015') value = '';
        else if (character >= ' ') value += character;
      }
    };
    input.on('data', onData);
  });
}
