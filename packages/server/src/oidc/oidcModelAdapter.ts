import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';

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

/** A consume that keeps losing to concurrent writes of the same row gives up after this many tries. */
const CONSUME_TRIES = 5;

interface StoredRow {
  payload: string;
  expires_at: number | null;
}

/**
 * oidc-provider's storage contract on top of the cloud's database (table `oidc_models`). The payload is
 * JSON text read and written here, never inside SQL, so the same queries serve every engine; the fields
 * the provider looks up by (grant id, uid, user code) and the account (for accountSessions.ts) have
 * columns of their own. Times follow the provider: wall-clock seconds, not the cloud's simulated clock,
 * because the provider stamps `iat`/`exp` with Date.now() itself.
 */
export class OidcModelAdapter implements Adapter {
  private static lastSweep = new WeakMap<Db, number>();

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    await this.sweepExpired(now);
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: GRANT_MEMBERS.has(this.model) ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
      expires_at: typeof expiresIn === 'number' ? now + expiresIn * 1000 : null,
    };
    await this.db
      .insertInto('oidc_models')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet((eb) => ({
          payload: eb.ref('excluded.payload'),
          grant_id: eb.ref('excluded.grant_id'),
          user_code: eb.ref('excluded.user_code'),
          uid: eb.ref('excluded.uid'),
          account_id: eb.ref('excluded.account_id'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.db.selectFrom('oidc_models').select(['payload', 'expires_at']).where('model', '=', this.model).where('id', '=', id).executeTakeFirst());
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.db.selectFrom('oidc_models').select(['payload', 'expires_at']).where('model', '=', this.model).where('uid', '=', uid).executeTakeFirst());
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.live(
      await this.db.selectFrom('oidc_models').select(['payload', 'expires_at']).where('model', '=', this.model).where('user_code', '=', userCode).executeTakeFirst(),
    );
  }

  /**
   * Marks the instance consumed: the payload is read, changed and written back only if nobody changed
   * it in between (compare and set on the payload text), else read again, so a concurrent write is
   * never lost and the consume never is either.
   */
  async consume(id: string): Promise<void> {
    const consumed = Math.floor(Date.now() / 1000);
    for (let tries = 0; tries < CONSUME_TRIES; tries += 1) {
      const row = (await this.db.selectFrom('oidc_models').select('payload').where('model', '=', this.model).where('id', '=', id).executeTakeFirst()) as
        | { payload: string }
        | undefined;
      if (!row) return;
      const next = JSON.stringify({ ...(JSON.parse(row.payload) as AdapterPayload), consumed });
      const written = await this.db
        .updateTable('oidc_models')
        .set({ payload: next })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .where('payload', '=', row.payload)
        .executeTakeFirst();
      if (touched(written) > 0) return;
    }
    throw new Error(`Could not mark ${this.model} ${id} consumed: it kept changing`);
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_models').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_models').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
  }

  private live(row: unknown): AdapterPayload | undefined {
    const stored = row as StoredRow | undefined;
    if (!stored) return undefined;
    if (stored.expires_at !== null && Number(stored.expires_at) <= Date.now()) return undefined;
    return JSON.parse(stored.payload) as AdapterPayload;
  }

  private async sweepExpired(now: number): Promise<void> {
    const last = OidcModelAdapter.lastSweep.get(this.db) ?? 0;
    if (now - last < SWEEP_INTERVAL_MS) return;
    OidcModelAdapter.lastSweep.set(this.db, now);
    await this.db.deleteFrom('oidc_models').where('expires_at', 'is not', null).where('expires_at', '<=', now).execute();
  }
}

/** The factory form oidc-provider accepts as `adapter`: one adapter per model name. */
export function oidcModelAdapterFactory(db: Db): AdapterFactory {
  return (model: string) => new OidcModelAdapter(db, model);
}
