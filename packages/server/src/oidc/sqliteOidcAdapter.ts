import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../storage/db.js';

/** Models whose instances belong to a grant and are revoked with it (see oidc-provider's revoke helper). */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Expired rows are swept at most this often; reads ignore them in between. */
const SWEEP_INTERVAL_MS = 60_000;

interface StoredRow {
  payload: string;
  expires_at: number | null;
}

/**
 * oidc-provider's storage contract on top of the cloud's SQLite database (table `oidc_models`).
 * Times follow the provider: wall-clock seconds, not the cloud's simulated clock, because the
 * provider stamps `iat`/`exp` with Date.now() itself.
 */
export class SqliteOidcAdapter implements Adapter {
  private static lastSweep = new WeakMap<Db, number>();

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    this.sweepExpired(now);
    const expiresAt = typeof expiresIn === 'number' ? now + expiresIn * 1000 : null;
    const grantId = GRANT_MEMBERS.has(this.model) ? (payload.grantId ?? null) : null;
    this.db
      .prepare(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      )
      .run(this.model, id, JSON.stringify(payload), grantId, payload.userCode ?? null, payload.uid ?? null, expiresAt);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.live(
      this.db.prepare('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND id = ?').get(this.model, id),
    );
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.live(
      this.db.prepare('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND uid = ?').get(this.model, uid),
    );
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.live(
      this.db
        .prepare('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND user_code = ?')
        .get(this.model, userCode),
    );
  }

  async consume(id: string): Promise<void> {
    this.db
      .prepare(`UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?`)
      .run(Math.floor(Date.now() / 1000), this.model, id);
  }

  async destroy(id: string): Promise<void> {
    this.db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    this.db.prepare('DELETE FROM oidc_models WHERE model = ? AND grant_id = ?').run(this.model, grantId);
  }

  private live(row: unknown): AdapterPayload | undefined {
    const stored = row as StoredRow | undefined;
    if (!stored) return undefined;
    if (stored.expires_at !== null && stored.expires_at <= Date.now()) return undefined;
    return JSON.parse(stored.payload) as AdapterPayload;
  }

  private sweepExpired(now: number): void {
    const last = SqliteOidcAdapter.lastSweep.get(this.db) ?? 0;
    if (now - last < SWEEP_INTERVAL_MS) return;
    SqliteOidcAdapter.lastSweep.set(this.db, now);
    this.db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now);
  }
}

/** The factory form oidc-provider accepts as `adapter`: one adapter per model name. */
export function sqliteOidcAdapterFactory(db: Db): AdapterFactory {
  return (model: string) => new SqliteOidcAdapter(db, model);
}
