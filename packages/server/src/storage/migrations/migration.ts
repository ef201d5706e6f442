// Its own file so that index.ts and every migration file can import the type without importing each other.
/**
 * One schema migration: applied once, in the order of `migrations` (index.ts), and recorded by id.
 * `sql` is SQLite's. Migrations after PostgreSQL's baseline (postgresBaseline.ts) also carry `postgres`,
 * the same change in PostgreSQL's words; a test holds the two schemas equal.
 */
export interface Migration {
  id: string;
  sql: string;
  postgres?: string;
}
