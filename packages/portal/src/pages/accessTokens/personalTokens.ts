import { createAccessToken, listAccessTokens, revokeAccessToken } from '@varde/core';
import { session } from '../../app/session.js';
import type { TokenOwner } from './AccessTokensPanel.js';

/** The signed-in person's own tokens (the auth server's /tokens); a person's token always expires. */
export function personalTokenOwner(uid: string): TokenOwner {
  return {
    key: `person:${uid}`,
    list: () => listAccessTokens(session.http),
    create: (request) => createAccessToken(session.http, request),
    revoke: (id) => revokeAccessToken(session.http, id),
    mayNeverExpire: false,
  };
}
