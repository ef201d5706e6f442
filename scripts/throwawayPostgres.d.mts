export interface ThrowawayPostgres {
  /** The `postgres` database as the superuser (trust authentication, loopback only). */
  url: string;
  port: number;
  dir: string;
  /** Stops the server and removes its folder; also done at the process's exit. */
  stop(): void;
}
export function startThrowawayPostgres(): Promise<ThrowawayPostgres>;
