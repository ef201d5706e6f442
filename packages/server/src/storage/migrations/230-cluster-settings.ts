import type { Migration } from './migration.js';

const table = `
    CREATE TABLE cluster_settings (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
`;

/**
 * Choices that hold for the whole cluster, whichever node was asked (issue 24): today whether the demo's
 * simulation runs (PUT /cloud/alarms/simulation), which only the leader acts on. On PostgreSQL a change
 * NOTIFYs varde_setting `{n, k: name}` from inside its transaction, so the leader hears it at commit.
 */
export const clusterSettingsMigration: Migration = {
  id: '230-cluster-settings',
  sql: table,
  postgres: `${table}
    CREATE FUNCTION varde_notify_setting() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('varde_setting', json_build_object('n', current_setting('application_name'), 'k', NEW.name)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER cluster_settings_notify AFTER INSERT OR UPDATE ON cluster_settings
      FOR EACH ROW EXECUTE FUNCTION varde_notify_setting();
  `,
};
