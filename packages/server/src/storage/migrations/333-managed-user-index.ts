import type { Migration } from './migration.js';

/**
 * Who manages a user is the entries `/users/{manager}/adminUsers/{user}/…` in the realtime tree
 * (users/managers.ts). Found by the user alone, that was a scan of every leaf below /users: every edit of a
 * user's grants, and every membership change of a directory group, read the profiles of everyone. This
 * index holds the leaves below adminUsers only, by the part of the path after `/adminUsers/` (the managed
 * user's uid first), so a user's entries are one index range (realtime/managedUserEntries.ts asks in the
 * index's own words: the expression and the WHERE must match it to the letter).
 */
export const managedUserIndexMigration: Migration = {
  id: '333-managed-user-index',
  sql: `
    CREATE INDEX realtime_leaves_by_managed_user ON realtime_leaves (substr(path, instr(path, '/adminUsers/') + 12))
      WHERE path LIKE '/users/%/adminUsers/%';
  `,
  postgres: `
    CREATE INDEX realtime_leaves_by_managed_user ON realtime_leaves (substr(path, strpos(path, '/adminUsers/') + 12))
      WHERE path LIKE '/users/%/adminUsers/%';
  `,
};
