import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession, listAllSites, listSites, localSettings, type HttpClient, type Session } from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';

/** A whole site list of 9,060 sites (10 pages of 1000) against the reference cloud over real HTTP. */
let cloud: Cloud;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud({ bulkSites: 9_000 });
  session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), timers: manualTimers(), oidc: false });
  await session.signInWithPassword(demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);
}, 60_000);
afterAll(async () => {
  await session.dispose();
  await cloud.close();
});

/** The session's client, counting the pages it asks for (offsets) and failing the ones in `failing`. */
function watchedHttp(failing: ReadonlySet<number> = new Set()): { http: HttpClient; offsets: number[]; inFlightMost: () => number } {
  const offsets: number[] = [];
  let inFlight = 0;
  let most = 0;
  const http: HttpClient = {
    urlFor: (...args) => session.http.urlFor(...args),
    async request(service, path, options) {
      const offset = Number(options?.query?.offset);
      offsets.push(offset);
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        if (failing.has(offset)) throw new Error(`page at ${offset} failed`);
        return await session.http.request(service, path, options);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { http, offsets, inFlightMost: () => most };
}

it('fetches the pages after the first several at a time and answers the whole list in name order', async () => {
  const sequential = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await listSites(session.http, { offset, limit: 1000 });
    sequential.push(...page);
    if (page.length < 1000) break;
  }
  expect(sequential).toHaveLength(9_060);

  const { http, offsets, inFlightMost } = watchedHttp();
  const seen: string[] = [];
  const all = await listAllSites(http, { onPage: (page) => seen.push(...page.map((site) => site.uuid)) });
  expect(all.map((site) => site.uuid)).toEqual(sequential.map((site) => site.uuid));
  // Every site reached onPage once, whatever order the pages came in.
  expect([...seen].sort()).toEqual(sequential.map((site) => site.uuid).sort());
  expect(offsets[0]).toBe(0);
  expect(inFlightMost()).toBeGreaterThan(1);
  // Pages 0-9 hold the sites; only the requests under way when page 9 came short go past it.
  expect(Math.max(...offsets)).toBeLessThanOrEqual(12_000);
  expect(new Set(offsets).size).toBe(offsets.length);
});

it('asks once for a list shorter than a page', async () => {
  const user = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), timers: manualTimers(), oidc: false });
  await user.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
  const offsets: unknown[] = [];
  const all = await listAllSites({ ...user.http, request: (service, path, options) => (offsets.push(options?.query?.offset), user.http.request(service, path, options)) });
  await user.dispose();
  expect(offsets).toEqual([0]);
  expect(all).toHaveLength(10);
});

it('a page that fails fails the whole list, and no further pages are asked for', async () => {
  const { http, offsets } = watchedHttp(new Set([1000]));
  await expect(listAllSites(http)).rejects.toThrow('page at 1000 failed');
  await new Promise((resolve) => setTimeout(resolve, 200));
  // The pages already under way when page 1000 failed finish; none start after it.
  expect(offsets.length).toBeLessThanOrEqual(5);
});
