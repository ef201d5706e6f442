import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  archiveLicenseRequest,
  generateLicenseRequest,
  idempotencyKey,
  IDEMPOTENCY_HEADER,
  LICENSE_JWKS_PATH,
  listLicensesQuery,
  servicePathPrefix,
  userKeySchema,
  type GetLicenseResponse,
  type LicenseJwks,
  type StoredLicense,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { recordLicenceChange } from './licenceAudit.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { lockRealtimeWrites } from '../realtime/store.js';
import { issueLicense } from './licenseIssuing.js';
import {
  archiveStoredLicense,
  readLicense,
  readLicenseFile,
  readLicenses,
  readLicenseType,
  readLicenseTypes,
  readRequest,
  storeIssuedLicense,
} from './licenseStore.js';
import { deriveLicenseSigningKey, signLicenseFile } from './licensingKey.js';
import { loadLicensingActor, requirePartner, type LicensingActor } from './licensingAccess.js';

const partnerParams = z.object({ partner: userKeySchema });
const licenseParams = z.object({ partner: userKeySchema, id: userKeySchema });

/** The issuer named in licence files: the licensing service's own URL. */
export function licenseIssuer(ctx: Pick<CloudContext, 'config'>): string {
  return `${ctx.config.publicOrigin}${servicePathPrefix('licensing')}`;
}

/**
 * The licensing service, at /cloud/licensing (and licensing.<domain>): licence types, partners and
 * licences per partner, generate / edit / renew / archive, and the public key controllers verify
 * licence files with. Every call but the key needs the licensing token and the partner.
 */
export function registerLicensingRoutes(app: FastifyInstance, ctx: CloudContext): void {
  const key = deriveLicenseSigningKey(ctx.keys);
  const actorOf = (request: FastifyRequest): Promise<LicensingActor> => loadLicensingActor(ctx, callerOf(request).uid);

  const sendFile = (reply: FastifyReply, license: StoredLicense, file: string, replayed = false) =>
    reply
      .type('application/octet-stream')
      .header('x-license-id', license.licenseInfo.id)
      .header('idempotent-replayed', String(replayed))
      .send(file);

  /** A repeated Idempotency-Key answers the licence the first request made (same user only). */
  async function replay(request: FastifyRequest, actor: LicensingActor, partner: string, tx: Tx) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return { key: undefined, earlier: null };
    const requestKey = parseWith(idempotencyKey, Array.isArray(header) ? header[0] : header);
    const earlier = await readRequest(ctx.realtime, partner, requestKey, tx);
    if (earlier && earlier.uid !== actor.uid) throw new HttpError(409, 'This Idempotency-Key was used by another user');
    const found = earlier ? await readLicense(ctx.realtime, partner, earlier.id, tx) : null;
    const file = earlier ? await readLicenseFile(ctx.realtime, partner, earlier.id, tx) : null;
    return { key: requestKey, earlier: found && file ? { license: found.license, file } : null };
  }

  function issue(mode: 'generate' | 'edit') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parseWith(generateLicenseRequest, request.body);
      const actor = await actorOf(request);
      const { partner } = body.licenseInfo;
      await requirePartner(actor, partner);
      // The replay, the checks of the type and the licence replaced, and the store are one transaction:
      // two renewals of one licence (or two requests with one Idempotency-Key) cannot both pass the checks.
      const answer = await inTransaction(ctx.db, async (tx) => {
        await lockRealtimeWrites(tx);
        const { key: requestKey, earlier } = await replay(request, actor, partner, tx);
        if (earlier) return { ...earlier, replayed: true };

        const type = await readLicenseType(ctx.realtime, partner, body.licenseInfo.type, tx);
        if (!type) throw new HttpError(400, `licenseInfo.type: no licence type ${body.licenseInfo.type} for the partner ${partner}`);
        const replacedId = mode === 'edit' ? body.licenseInfo.id : body.licenseInfo.previousLicenseID || undefined;
        if (mode === 'edit' && !replacedId) throw new HttpError(400, 'licenseInfo.id: the licence to edit is required');
        let replaces: StoredLicense | undefined;
        if (replacedId) {
          const found = await readLicense(ctx.realtime, partner, replacedId, tx);
          if (!found) throw new HttpError(404, `No licence ${replacedId} for the partner ${partner}`);
          if (found.state !== 'active') {
            throw new HttpError(409, `The licence ${replacedId} is archived (already renewed, edited or deleted)`);
          }
          replaces = found.license;
        }
        const now = ctx.clock.now();
        const license = issueLicense({ request: body, mode, type, ...(replaces ? { replaces } : {}), issuedBy: actor.email, now });
        const file = signLicenseFile(key, license, licenseIssuer(ctx));
        const stored = {
          ...(replaces ? { replaces } : {}),
          archivedBy: actor.email,
          at: now,
          ...(requestKey ? { request: { key: requestKey, uid: actor.uid } } : {}),
        };
        await storeIssuedLicense(ctx.realtime, { license, file }, stored, tx);
        const info = license.licenseInfo;
        await recordLicenceChange(tx, request, {
          action: mode === 'edit' ? 'licence.edit' : replaces ? 'licence.renew' : 'licence.generate',
          partner,
          id: info.id,
          summary: `${mode === 'edit' ? 'Edited' : replaces ? 'Renewed' : 'Generated'} licence "${info.name}" (${info.type}) for ${info.issuedTo}, until ${info.expirationDate}${replacedId ? `, replacing ${replacedId}` : ''}`,
        });
        return { license, file, replayed: false };
      });
      return sendFile(reply, answer.license, answer.file, answer.replayed);
    };
  }

  void app.register(
    async (api) => {
      // Public: controllers and anyone holding a licence file verify it offline with this key.
      api.get(LICENSE_JWKS_PATH, { config: { public: true } }, async (): Promise<LicenseJwks> => ({ keys: [key.publicJwk] }));

      api.get('/partners', async (request) => {
        const actor = await actorOf(request);
        const data = [];
        for (const id of await actor.partners()) {
          const record = ((await ctx.realtime.get(`/partners/${id}`)) ?? {}) as { name?: unknown; description?: unknown };
          data.push({
            id,
            name: typeof record.name === 'string' ? record.name : id,
            ...(typeof record.description === 'string' ? { description: record.description } : {}),
          });
        }
        return { data };
      });

      api.get('/partners/:partner/licenseTypes', async (request) => {
        const { partner } = parseWith(partnerParams, request.params);
        await requirePartner(await actorOf(request), partner);
        return { data: await readLicenseTypes(ctx.realtime, partner) };
      });

      api.get('/partners/:partner/licenses', async (request) => {
        const { partner } = parseWith(partnerParams, request.params);
        const { archived } = parseWith(listLicensesQuery, request.query ?? {});
        await requirePartner(await actorOf(request), partner);
        return { data: await readLicenses(ctx.realtime, partner, archived === 'true' ? 'archived' : 'active') };
      });

      api.get('/partners/:partner/licenses/:id', async (request): Promise<GetLicenseResponse> => {
        const { partner, id } = parseWith(licenseParams, request.params);
        await requirePartner(await actorOf(request), partner);
        const found = await readLicense(ctx.realtime, partner, id);
        const file = found ? await readLicenseFile(ctx.realtime, partner, id) : null;
        if (!found || !file) throw new HttpError(404, `No licence ${id} for the partner ${partner}`);
        return { license: found.license, state: found.state, file };
      });

      api.post('/generateLicense', issue('generate'));
      api.post('/editLicense', issue('edit'));

      // Delete in the portal: the licence moves to the archive. Archiving it again changes nothing.
      api.post('/archiveLicense', async (request) => {
        const { partner, uid } = parseWith(archiveLicenseRequest, request.body);
        const actor = await actorOf(request);
        await requirePartner(actor, partner);
        // Read and archive in one transaction: an archive that raced a renewal does not archive twice.
        await inTransaction(ctx.db, async (tx) => {
          await lockRealtimeWrites(tx);
          const found = await readLicense(ctx.realtime, partner, uid, tx);
          if (!found) throw new HttpError(404, `No licence ${uid} for the partner ${partner}`);
          if (found.state === 'active') {
            await archiveStoredLicense(ctx.realtime, found.license, actor.email, ctx.clock.now(), tx);
            await recordLicenceChange(tx, request, { action: 'licence.archive', partner, id: uid, summary: `Archived licence "${found.license.licenseInfo.name}"` });
          }
        });
        return { ok: true as const };
      });
    },
    { prefix: servicePathPrefix('licensing') },
  );
}
