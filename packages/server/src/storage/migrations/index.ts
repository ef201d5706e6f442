/**
 * Schema migrations, applied in this order. Never edit a migration that has shipped: add a new one.
 * One file per concern so that modules add their tables without touching each other's.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [];
