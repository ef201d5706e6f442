import type { Migration } from './migration.js';

/**
 * varde_caller (issue 40): every node keeps what a token's check read (http/callerCache.ts) and forgets
 * it all when this is heard: a session ended, an account changed or went, a personal access token was
 * revoked. Delivered at commit, also to the node that wrote (`n` names it; it listens for its own too,
 * which closes the window in which one of its reads could keep what a write was about to change).
 * PostgreSQL sends one notice per transaction however many rows (equal payloads are folded).
 * SQLite has one node, whose writes its cache hears as they are sent: nothing to add there.
 */
const postgres = `
    CREATE FUNCTION varde_notify_caller() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('varde_caller', json_build_object('n', current_setting('application_name'))::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sessions_caller_notify AFTER DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION varde_notify_caller();
    CREATE TRIGGER accounts_caller_notify AFTER UPDATE OR DELETE ON accounts
      FOR EACH ROW EXECUTE FUNCTION varde_notify_caller();
    CREATE TRIGGER access_tokens_caller_notify AFTER DELETE ON access_tokens
      FOR EACH ROW EXECUTE FUNCTION varde_notify_caller();
`;

export const callerNotificationsMigration: Migration = {
  id: '330-caller-notifications',
  sql: '',
  postgres,
};
