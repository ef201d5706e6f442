/**
 * A committed write, as the wire server pushes it. Paths are canonical (`/a/b`, root `''`); values
 * are normalized (what the SDK would cache). A merge's children are keyed by slash paths relative
 * to `path` (`'b/c'`), each replacing the value there.
 */
export type RealtimeChange =
  | { kind: 'set'; path: string; value: unknown }
  | { kind: 'merge'; path: string; children: Record<string, unknown> };

export type RealtimeChangeListener = (change: RealtimeChange) => void;
