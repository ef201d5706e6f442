import type { Migration } from './migration.js';

/**
 * Fan-out between nodes (issue 24). PostgreSQL tells every node of what another committed, by
 * NOTIFY from inside the writing transaction (delivered at commit, never for a rollback). The
 * payloads carry references only; each node reads the rest and pushes to its own sockets.
 * `n` is the writer's application_name (`varde <node id>`), so a node skips what it wrote itself.
 *
 * - varde_alarm: an alarm's step was recorded (alarm_history insert): `{n, s: site, a: alarm}`.
 * - varde_session: sessions ended (deleted): `{n}`; nodes recheck their open sockets at once.
 * - varde_realtime: a realtime write, as a row of realtime_changes (path and the relative keys a merge
 *   wrote): `{n, i: id}`. The row is also the cursor a node catches up from after its LISTEN
 *   connection was lost. Rows are deleted by the leader after a while.
 *
 * SQLite has one node: the table is there (one schema for both), the triggers are not.
 */
const postgres = `
    CREATE TABLE realtime_changes (
      id BIGSERIAL PRIMARY KEY,
      kind TEXT NOT NULL,
      path TEXT NOT NULL,
      children TEXT,
      at BIGINT NOT NULL
    );
    CREATE INDEX realtime_changes_by_time ON realtime_changes (at);

    CREATE FUNCTION varde_notify_alarm() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('varde_alarm', json_build_object(
        'n', current_setting('application_name'),
        's', (SELECT site_uuid FROM alarms WHERE id = NEW.alarm_id),
        'a', NEW.alarm_id)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER alarm_history_notify AFTER INSERT ON alarm_history
      FOR EACH ROW EXECUTE FUNCTION varde_notify_alarm();

    CREATE FUNCTION varde_notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ended) THEN
        PERFORM pg_notify('varde_session', json_build_object('n', current_setting('application_name'))::text);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
      REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION varde_notify_sessions_ended();

    CREATE FUNCTION varde_notify_realtime() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('varde_realtime', json_build_object('n', current_setting('application_name'), 'i', NEW.id)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER realtime_changes_notify AFTER INSERT ON realtime_changes
      FOR EACH ROW EXECUTE FUNCTION varde_notify_realtime();
`;

export const clusterNotificationsMigration: Migration = {
  id: '210-cluster-notifications',
  sql: `
    CREATE TABLE realtime_changes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      path TEXT NOT NULL,
      children TEXT,
      at INTEGER NOT NULL
    );
    CREATE INDEX realtime_changes_by_time ON realtime_changes (at);
  `,
  postgres,
};
