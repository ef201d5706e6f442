// Types of cloudProcess.mjs for the TypeScript that imports it (the browser suite with a cloud of its own).
import type { ChildProcess } from 'node:child_process';

export interface RunningCloud {
  url: string;
  stop(): Promise<void>;
}

export function startCloud(args: readonly string[], options?: { cleanup?: readonly string[] }): Promise<RunningCloud>;
export function killOnExit<T extends ChildProcess>(child: T): T;
export function tempFolder(prefix: string): { path: string; remove(): void };
