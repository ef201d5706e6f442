import type { Migration } from './migration.js';

/**
 * varde_site (issue 40): every node keeps the sites requests name (controllers/keptSites.ts) and forgets
 * them all when this is heard: a site changed or went. Delivered at commit, also to the node that wrote
 * (a read of its own between the write and its commit may have kept the old row). PostgreSQL sends one
 * notice per transaction however many rows (equal payloads are folded). SQLite has one node, whose
 * writes its cache hears as they are sent.
 */
const postgres = `
    CREATE FUNCTION varde_notify_site() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('varde_site', json_build_object('n', current_setting('application_name'))::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sites_site_notify AFTER UPDATE OR DELETE ON sites
      FOR EACH ROW EXECUTE FUNCTION varde_notify_site();
`;

export const siteNotificationsMigration: Migration = {
  id: '331-site-notifications',
  sql: '',
  postgres,
};
