export interface ProgressCounts {
  done: number;
  total: number;
  failed: number;
}

interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * A one-line progress bar on stderr, redrawn at most ten times a second, and only on a terminal:
 * piped or redirected stderr gets no bar (logs stay clean).
 */
export class ProgressBar {
  private lastDraw = 0;
  private readonly started = Date.now();
  private shown = false;

  constructor(
    private readonly label: string,
    private readonly stream: ProgressStream = process.stderr,
  ) {}

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  update(counts: ProgressCounts, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const width = 30;
    const ratio = counts.total === 0 ? 1 : Math.min(1, counts.done / counts.total);
    const filled = Math.round(ratio * width);
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = Math.round(counts.done / seconds);
    const failed = counts.failed > 0 ? `, ${counts.failed} failed` : '';
    const line = `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts.done}/${counts.total} (${Math.round(ratio * 100)}%, ${rate}/s${failed})`;
    const columns = this.stream.columns ?? 100;
    this.stream.write(`\r${line.slice(0, columns - 1)}\u001b[K`);
    this.shown = true;
  }

  /** Clears the bar so the summary starts on a clean line. */
  finish(): void {
    if (this.shown) this.stream.write('\r\u001b[K');
    this.shown = false;
  }
}
