// Types of startCluster.mjs for the TypeScript that imports it (the cluster suite).
export interface ClusterNode {
  /** 1-based, as printed: `node K: URL (pid P)`. */
  index: number;
  port: number;
  /** The node itself, bypassing nginx. */
  url: string;
  logPath: string;
  /** The running process's id; null while stopped or after it died. */
  readonly pid: number | null;
  banner: string;
  /** Starts it (again, on its port) with the same flags, plus `extraArgs`; resolves once it answers. */
  start(extraArgs?: string[]): Promise<ClusterNode>;
  /** Signals it (default SIGKILL, as a crash) and resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM, SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export interface Cluster {
  /** nginx's URL (node 1's without nginx). */
  url: string;
  databaseUrl: string;
  dir: string;
  nodes: ClusterNode[];
  /** The bearer token of every node's /cloud/metrics (VARDE_METRICS_TOKEN), and the file that holds it. */
  metricsToken: string;
  metricsTokenPath: string;
  nginx: { port: number; pid: number; prefix: string; conf: string; accessLog: string; errorLog: string } | null;
  demoSignIns: string[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nodes?: number;
  /** Every node at once with --seed demo (default); false: node 1 seeds alone first. */
  seedAll?: boolean;
  /** Which nodes start with the demo's simulation on (default all: the leader runs it). */
  simulation?: 'all' | 'first' | 'off';
  postgresUrl?: string;
  nginx?: boolean;
  nodeArgs?: string[];
  log?: (line: string) => void;
}

export function startCluster(options?: ClusterOptions): Promise<Cluster>;
export function createDatabase(serverUrl: string, name: string): Promise<string>;
export function freePort(): Promise<number>;
