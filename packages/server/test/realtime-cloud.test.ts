import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { get, getDatabase, onValue, ref, set } from 'firebase/database';
import { REALTIME_NAMESPACE, realtimePaths } from '@varde/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUid } from '../src/seed/demoSeed.js';
import { mintCustomToken } from '../src/tokens/customTokens.js';
import { type Cloud, startCloud } from './helpers/startCloud.js';
import { sessionOf } from './helpers/session.js';

/** The realtime database as mounted in the cloud, reached the way core's local settings reach it. */
let cloud: Cloud;
const apps: ReturnType<typeof initializeApp>[] = [];

beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await cloud?.close();
});

async function signedInDatabase(uid: string) {
  const app = initializeApp(
    { apiKey: 'varde-local', projectId: 'varde', databaseURL: `ws://127.0.0.1:${cloud.port}?ns=${REALTIME_NAMESPACE}` },
    `cloud-client-${apps.length}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, cloud.url, { disableWarnings: true });
  await signInWithCustomToken(auth, await mintCustomToken(cloud.context, uid, { sid: await sessionOf(cloud, uid) }));
  return getDatabase(app);
}

describe('realtime database in the cloud', () => {
  it('serves the demo data to two signed-in users, each to their own record only', async () => {
    const userA = demoUid('user');
    const userB = demoUid('partnerUser');
    const a = await signedInDatabase(userA);
    const b = await signedInDatabase(userB);

    expect((await get(ref(a, realtimePaths.user(userA)))).val()).toMatchObject({ uid: userA, language: 'no' });
    await expect(get(ref(a, realtimePaths.user(userB)))).rejects.toThrow(/permission.denied/i);

    const seenByB = new Promise((resolve) => {
      onValue(ref(b, `${realtimePaths.user(userB)}/language`), (snapshot) => {
        if (snapshot.val() === 'se') resolve(snapshot.val());
      });
    });
    await set(ref(b, `${realtimePaths.user(userB)}/language`), 'se');
    expect(await seenByB).toBe('se');
    expect(await cloud.context.realtime.get(`${realtimePaths.user(userB)}/language`)).toBe('se');

    const [site] = Object.keys((await get(ref(a, `${realtimePaths.user(userA)}/controllers`))).val() as object);
    expect(typeof (await get(ref(a, realtimePaths.portalStatusText(site!)))).val()).toBe('string');
  });
});
