// Its own file so that index.ts and every migration file can import the type without importing each other.
/** One schema migration: applied once, in the order of `migrations` (index.ts), and recorded by id. */
export interface Migration {
  id: string;
  sql: string;
}
