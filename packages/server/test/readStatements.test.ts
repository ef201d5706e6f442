import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, testEngine, type Cloud } from './helpers/startCloud.js';

/**
 * The reads an open portal makes over and over (issue 40), held to the statements they send once the
 * node keeps the caller (http/callerCache.ts: from a session's second request, a personal access token's
 * third) and the site the path names (controllers/keptSites.ts): only the route's own work. A caller the
 * node does not keep costs one statement more (the session or token, the account's role and the profile
 * together), and so does a site it does not keep. A route that grows past its count fails here, on both
 * engines; the counts are printed, so a run lists them.
 */
const BUDGETS: Record<string, number> = {
  'site list': 1,
  'alarm list (the 3 s poll)': 1,
  // The site the node keeps is the page.
  "one site's page": 0,
  // The site's latest alarm with the active and unacknowledged ones by class.
  "a site's alarm report": 1,
  // The series' definition with the values written beside it.
  "a trend's series": 1,
  'tag search': 1,
  'notification rules': 1,
  // The manager's sub-users, then their accounts with their profiles (past 50 users: a statement per 50, never one per user).
  'user list': 2,
};

let cloud: Cloud;
const statements: string[] = [];
let tokens: Record<string, string>;
const site = demoSites()[0]!.uuid;

beforeAll(async () => {
  cloud = await startCloud({ onStatement: (sql) => statements.push(sql) });
  tokens = (await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens;
});
afterAll(() => cloud.close());

const READS: Array<[string, string, string]> = [
  ['site list', 'controllers-api', '/cloud/controllers-api/controllers'],
  ['alarm list (the 3 s poll)', 'alarms', '/cloud/alarms/alarms'],
  ["one site's page", 'controllers-api', `/cloud/controllers-api/controllers/${site}`],
  ["a site's alarm report", 'controllers-api', `/cloud/controllers-api/controllers/${site}/alarmReport`],
  ["a trend's series", 'historian', `/cloud/historian/${site}/timeseries/RT401?from=2026-11-27T00:00:00Z&to=2026-11-27T01:00:00Z`],
  ['tag search', 'search', '/cloud/search/tags?q=RT4'],
  ['notification rules', 'controllers-api', `/cloud/controllers-api/controllers/${site}/notificationrules`],
  ['user list', 'users', '/cloud/users/users'],
];

/** The statements of one request, the fewest of three (a timer of the cloud's may add one to a request). */
async function statementsOf(service: string, path: string, token?: string): Promise<number> {
  const counts: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    statements.length = 0;
    const answer = await call(cloud, path, { headers: bearer(token ?? tokens[`${service}.localhost`]!) });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
    counts.push(statements.length);
  }
  return Math.min(...counts);
}

describe(`statements per read on ${testEngine()}`, () => {
  it('a personal access token reads the site list in as many statements as a session (from its second use)', async () => {
    const made = await call(cloud, '/cloud/auth/tokens', { headers: bearer(tokens['auth.localhost']!), json: { name: 'statements' } });
    const session = await statementsOf('controllers-api', '/cloud/controllers-api/controllers');
    const viaToken = await statementsOf('controllers-api', '/cloud/controllers-api/controllers', made.body.token);
    expect(viaToken).toBe(session);
  });

  it("a caller the node does not keep yet costs one statement: the session, the account's role and the profile together", async () => {
    const fresh = (await signIn(cloud, demoUsers.user.email, demoUsers.user.password)).accessTokens['controllers-api.localhost']!;
    statements.length = 0;
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(fresh) })).status).toBe(200);
    const cold = statements.length;
    const warm = await statementsOf('controllers-api', '/cloud/controllers-api/controllers', fresh);
    expect(warm).toBe(BUDGETS['site list']);
    // At least: a timer of the cloud's may send one meanwhile.
    expect(cold).toBeGreaterThanOrEqual(warm + 1);
    expect(cold).toBeLessThanOrEqual(warm + 2);
  });

  it('a personal access token with a wrong checksum is refused before any statement', async () => {
    const counts: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      statements.length = 0;
      const answer = await call(cloud, '/cloud/alarms/alarms', { headers: bearer(`varde_pat_${'A'.repeat(38)}`) });
      expect(answer.status).toBe(401);
      counts.push(statements.length);
    }
    // The fewest of three, as below: a timer of the cloud's may send one meanwhile.
    expect(Math.min(...counts)).toBe(0);
  });

  it('every steady-state read stays within its count', async () => {
    const measured: Record<string, number> = {};
    for (const [name, service, path] of READS) measured[name] = await statementsOf(service, path);
    console.log(`statements per read (${testEngine()}):\n${Object.entries(measured).map(([name, count]) => `  ${name}: ${count} (at most ${BUDGETS[name]})`).join('\n')}`);
    const over = Object.entries(measured).filter(([name, count]) => count > BUDGETS[name]!);
    expect(over, 'routes past their statement count').toEqual([]);
  });
});
