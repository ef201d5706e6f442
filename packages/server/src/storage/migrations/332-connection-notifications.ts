import type { Migration } from './migration.js';

/**
 * A directory connection rotated or revoked is heard on every node at commit, as a site's change is
 * (migration 331): each node keeps the connection a SCIM token belongs to (http/keptRows.ts) and forgets
 * its kept rows when varde_site is heard, so an old token stops on every node within the second.
 */
const postgres = `
    CREATE TRIGGER scim_connections_notify AFTER UPDATE OR DELETE ON scim_connections
      FOR EACH ROW EXECUTE FUNCTION varde_notify_site();
`;

export const connectionNotificationsMigration: Migration = {
  id: '332-connection-notifications',
  sql: '',
  postgres,
};
