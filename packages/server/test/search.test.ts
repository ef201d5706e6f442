import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { searchTagsResponse, tagSearchRows, type SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { SEARCH_CLOSE_UNAUTHORIZED } from '../src/search/searchSocket.js';
import { bearer, call } from './helpers/http.js';
import { callAs, signInDemo, tokenFor } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let user: SignedIn;
const mySites = new Set(demoSites().slice(0, 10).map((site) => site.uuid));

beforeAll(async () => {
  cloud = await startCloud();
  user = await signInDemo(cloud, 'user');
});
afterAll(() => cloud.close());

function socketUrl(token: string): string {
  return `${cloud.url.replace(/^http/, 'ws')}/cloud/search/socket?token=${encodeURIComponent(token)}`;
}

async function open(token: string): Promise<WebSocket> {
  const ws = new WebSocket(socketUrl(token));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

function reply(ws: WebSocket, message: string): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(data.toString())));
    ws.send(message);
  });
}

test('the search socket answers a text with JSON rows from the user\'s sites only', async () => {
  const ws = await open(tokenFor(user, 'search'));
  try {
    const rows = tagSearchRows.parse(await reply(ws, 'pumpe'));
    expect(rows.length).toBe(10); // one JP401 per site of the user
    expect(rows.every((row) => mySites.has(row.siteUuid) && row.Name === 'JP401')).toBe(true);
    const words = tagSearchRows.parse(await reply(ws, JSON.stringify({ search: 'romtemperatur møterom' })));
    expect(words.every((row) => row.Name === 'RT402')).toBe(true);
    expect(await reply(ws, 'P_401')).toEqual([]); // LIKE wildcards match literally (JP401 is no match)
    expect(await reply(ws, '   ')).toMatchObject({ detail: expect.any(String) });
  } finally {
    ws.close();
  }
});

test('the search socket refuses a missing or wrong token (401 at the upgrade)', async () => {
  for (const token of ['', 'nonsense', tokenFor(user, 'controllers-api')]) {
    const ws = new WebSocket(socketUrl(token));
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
      ws.once('error', () => undefined); // the refused handshake also reports an error
    });
    expect(status).toBe(401);
  }
  expect(SEARCH_CLOSE_UNAUTHORIZED).toBe(4401);
});

test('GET /cloud/search/tags is the REST form; bad queries get 400 with detail', async () => {
  const answer = await callAs(cloud, user, 'search', '/tags?q=Energim%C3%A5ler&limit=3');
  expect(answer.status).toBe(200);
  const rows = searchTagsResponse.parse(answer.body).data;
  expect(rows).toHaveLength(3);
  expect(rows.every((row) => row.Name === 'OE001' && mySites.has(row.siteUuid))).toBe(true);
  const empty = await callAs(cloud, user, 'search', '/tags?q=');
  expect(empty.status).toBe(400);
  expect(empty.body.detail).toEqual(expect.any(String));
  const tooLong = await callAs(cloud, user, 'search', `/tags?q=${'x'.repeat(300)}`);
  expect(tooLong.status).toBe(400);
});

test('a session that ends closes its open search socket at the next message, and opens no new one', async () => {
  const other = await signInDemo(cloud, 'user');
  const ws = await open(tokenFor(other, 'search'));
  expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(tokenFor(other, 'auth')) })).status).toBe(200);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.send('pumpe');
  expect(await closed).toEqual({ code: SEARCH_CLOSE_UNAUTHORIZED, reason: 'The session has ended; sign in again' });
  const again = new WebSocket(socketUrl(tokenFor(other, 'search')));
  const status = await new Promise<number>((resolve) => {
    again.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    again.once('open', () => resolve(101));
    again.once('error', () => undefined);
  });
  expect(status).toBe(401);
});
