import { createServiceAccountToken, listServiceAccountTokens, revokeServiceAccountToken } from '@varde/core';
import { session } from '../../app/session.js';
import type { TokenOwner } from '../accessTokens/AccessTokensPanel.js';

/** One service account's tokens, which may never expire: the job they run has nobody to renew them. */
export function serviceAccountTokenOwner(uid: string): TokenOwner {
  return {
    key: `service:${uid}`,
    list: () => listServiceAccountTokens(session.http, uid),
    create: (request) => createServiceAccountToken(session.http, uid, request),
    revoke: (id) => revokeServiceAccountToken(session.http, uid, id),
    mayNeverExpire: true,
  };
}
