import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, ref, set } from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient, startRealtimeServer } from './realtimeHarness.js';

const dir = mkdtempSync(join(tmpdir(), 'varde-realtime-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('realtime database on disk', () => {
  it('keeps acknowledged client writes and sessions across a restart', async () => {
    const first = await startRealtimeServer({ dir });
    await first.realtime.tree.set('/users/alice', { name: 'Alice', language: 'en' });
    const before = await connectClient(first, 'alice');
    await set(ref(before.db, 'users/alice/language'), 'no');
    const refreshToken = before.auth.currentUser!.refreshToken;
    await before.close();
    await first.close();

    const second = await startRealtimeServer({ dir });
    expect(await second.realtime.tree.get('/users/alice')).toEqual({ name: 'Alice', language: 'no' });
    const after = await connectClient(second, 'alice');
    expect((await get(ref(after.db, 'users/alice/language'))).val()).toBe('no');
    await after.close();

    // The signing secret is kept too: a refresh token from before the restart still works.
    const refreshed = await fetch(`${second.url}/securetoken.googleapis.com/v1/token?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { user_id: string }).user_id).toBe('alice');
    await second.close();
  });
});
