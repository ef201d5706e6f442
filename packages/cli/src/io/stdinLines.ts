/**
 * Reads stdin one line at a time, on demand. `varde login --password-stdin --sms-code-stdin`
 * takes the password from the first line and, only if the server asks for one, the SMS code from
 * the next, so a script can write the code after it has received it.
 */
export class StdinLines {
  private buffer = '';
  private ended = false;
  private waiting: (() => void) | undefined;
  private started = false;

  constructor(private readonly input: NodeJS.ReadableStream = process.stdin) {}

  /** The next line without its line break, or undefined at end of input. */
  async next(): Promise<string | undefined> {
    this.start();
    for (;;) {
      const newline = this.buffer.indexOf('\n');
      if (newline >= 0) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        return line.replace(/\r$/, '');
      }
      if (this.ended) {
        if (this.buffer === '') return undefined;
        const last = this.buffer;
        this.buffer = '';
        return last.replace(/\r$/, '');
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  /** Everything left on stdin. */
  async rest(): Promise<string> {
    this.start();
    while (!this.ended) await new Promise<void>((resolve) => (this.waiting = resolve));
    const all = this.buffer;
    this.buffer = '';
    return all;
  }

  /** Stops reading, so an open pipe does not keep the process alive. */
  close(): void {
    if (this.started) this.input.pause();
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.input.setEncoding('utf8');
    this.input.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    this.input.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.input.on('error', () => {
      this.ended = true;
      this.wake();
    });
  }

  private wake(): void {
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.();
  }
}
