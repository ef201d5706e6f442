import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIdToken } from 'firebase/auth';
import { get, ref } from 'firebase/database';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETIRED_REFRESH_GRACE_MS } from '../src/realtime/refreshChains.js';
import { manualClock } from './helpers/manualClock.js';
import { type RealtimeTestServer, connectClient, startRealtimeServer } from './realtimeHarness.js';

// Realtime refresh tokens rotate with reuse detection (OAuth 2.0 Security BCP): each refresh answers the
// next token and retires the one presented; presenting a retired one (after a short grace for refreshes
// that raced) revokes the whole chain, the newest token included.
const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k';
const TOKEN = '/securetoken.googleapis.com/v1/token?key=k';

const clock = manualClock();
let server: RealtimeTestServer;

beforeAll(async () => {
  server = await startRealtimeServer({ clock });
  await server.realtime.tree.set('/users/alice', { name: 'Alice', language: 'en' });
});
afterAll(() => server?.close());

async function post(target: RealtimeTestServer, path: string, body: Record<string, string>) {
  const response = await fetch(target.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function signIn(target = server): Promise<string> {
  const answer = await post(target, SIGN_IN, { token: target.customTokenFor('alice'), returnSecureToken: 'true' });
  expect(answer.status).toBe(200);
  return answer.body.refreshToken;
}

const refresh = (refreshToken: string, target = server) => post(target, TOKEN, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Refreshes and expects success; returns the refresh token answered. */
async function rotated(refreshToken: string, target = server): Promise<string> {
  const answer = await refresh(refreshToken, target);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.refresh_token;
}

/** The securetoken error the firebase SDK turns into auth/user-token-expired (and signs the user out). */
function expectTokenExpired(answer: { status: number; body: Record<string, any> }, detail: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toMatch(/^TOKEN_EXPIRED : /);
  expect(answer.body.detail).toMatch(detail);
}

describe('realtime refresh token rotation', () => {
  it('answers a new refresh token at every refresh, each good for the next', async () => {
    const first = await signIn();
    const second = await rotated(first);
    const third = await rotated(second);
    expect(new Set([first, second, third]).size).toBe(3);
    const fourth = await refresh(third);
    expect(fourth.status).toBe(200);
    expect(fourth.body).toMatchObject({ user_id: 'alice', token_type: 'Bearer', expires_in: '3600' });
    expect(decodeJwt(fourth.body.id_token).sub).toBe('alice');
  });

  it('revokes the whole chain when a used refresh token comes back after the grace: the newest fails too', async () => {
    const used = await signIn();
    const newest = await rotated(used);
    clock.advance(RETIRED_REFRESH_GRACE_MS + 1000);
    expectTokenExpired(await refresh(used), /already used/);
    expectTokenExpired(await refresh(newest), /revoked/);
    expectTokenExpired(await refresh(used), /revoked/);
  });

  it('answers a refresh that raced the rotation within the grace with the newest generation, and no more', async () => {
    const used = await signIn();
    const newest = await rotated(used);
    clock.advance(RETIRED_REFRESH_GRACE_MS - 5000);
    const raced = await rotated(used); // the same generation as `newest`: both stay good for one refresh
    expect(decodeJwt(raced).gen).toBe(decodeJwt(newest).gen);
    const next = await rotated(raced);
    // `newest` was retired just now, so it is within its grace: it gets the generation of `next`.
    expect(decodeJwt(await rotated(newest)).gen).toBe(decodeJwt(next).gen);
    // Two generations back is no race, grace or not.
    expectTokenExpired(await refresh(used), /already used/);
    expectTokenExpired(await refresh(next), /revoked/);
  });

  it("leaves the user's other sign-ins alone", async () => {
    const stolen = await signIn();
    const other = await signIn();
    await rotated(stolen);
    clock.advance(RETIRED_REFRESH_GRACE_MS + 1000);
    expectTokenExpired(await refresh(stolen), /already used/);
    expect((await refresh(other)).status).toBe(200);
  });

  it('ends a refresh token signed before rotation (it names no chain) the way an ended sign-in ends', async () => {
    // Signed with the server's own secret, in the shape refresh tokens had before they rotated.
    const { secret } = (await server.db.selectFrom('realtime_secrets').select('secret').executeTakeFirstOrThrow()) as { secret: Buffer };
    const now = Math.floor(clock.now() / 1000);
    const legacy = await new SignJWT({ claims: {}, token_use: 'refresh' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('https://securetoken.google.com/varde-test')
      .setAudience('varde-realtime-refresh')
      .setSubject('alice')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new Uint8Array(secret));
    expectTokenExpired(await refresh(legacy), /before refresh tokens rotated/);
  });
});

describe('with the firebase SDK', () => {
  it('keeps the SDK signed in across refreshes, and signs it out once its chain is revoked', async () => {
    const client = await connectClient(server, 'alice');
    const user = client.auth.currentUser!;
    const first = user.refreshToken;
    await getIdToken(user, true);
    const second = user.refreshToken;
    await getIdToken(user, true);
    expect(new Set([first, second, user.refreshToken]).size).toBe(3); // the SDK keeps what the endpoint answered
    expect((await get(ref(client.db, 'users/alice/language'))).val()).toBe('en');

    // A copy of the first token replayed by someone else: the SDK's own chain is revoked with it.
    expectTokenExpired(await refresh(first), /already used/);
    await expect(getIdToken(user, true)).rejects.toMatchObject({ code: 'auth/user-token-expired' });
    expect(client.auth.currentUser).toBeNull();
    await client.close();
  });
});

describe('on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'varde-refresh-rotation-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('remembers retired refresh tokens across a restart', async () => {
    const diskClock = manualClock();
    const first = await startRealtimeServer({ dir, clock: diskClock });
    const used = await signIn(first);
    const newest = await rotated(used, first);
    await first.close();

    const second = await startRealtimeServer({ dir, clock: diskClock });
    try {
      diskClock.advance(RETIRED_REFRESH_GRACE_MS + 1000);
      expectTokenExpired(await refresh(used, second), /already used/);
      expectTokenExpired(await refresh(newest, second), /revoked/);
    } finally {
      await second.close();
    }
  });
});
