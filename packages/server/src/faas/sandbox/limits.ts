/**
 * What one function run may use inside the sandbox. Applied as rlimits by the harness before the
 * function's code is loaded (hard limits: without CAP_SYS_RESOURCE nothing inside can raise them).
 */
export const SANDBOX_LIMITS = {
  /** Address space per process. */
  memoryBytes: 256 * 1024 * 1024,
  /** Processes and threads of the run (counted per user namespace, so per run). */
  processes: 16,
  /** The largest file it may write. */
  fileBytes: 16 * 1024 * 1024,
  openFiles: 64,
} as const;

/** Runs at the same time per node (each node has its own sandbox; a cluster of N nodes runs up to N times this); more answer 429 (a run holds up to 16 processes and 256 MB each). */
export const MAX_CONCURRENT_RUNS = 4;

/** After the kill at the time limit, how long the answer may wait for the output pipes to close. */
export const KILL_GRACE_MS = 300;
