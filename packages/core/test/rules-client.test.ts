import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  deleteSiteRules,
  diffRules,
  getSiteRules,
  HttpError,
  isEmptyDiff,
  listRuleSites,
  listRuleUsers,
  login,
  newRuleDraft,
  newRuleId,
  normalizeNordicPhone,
  ruleFailureText,
  saveSiteRules,
  testRule,
  testRuleDraft,
  getRuleLog,
  validateRuleDraft,
  withoutRule,
  withRule,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoUsers, outbox, startCloud, type Cloud } from './helpers/cloud.js';
import { demoSites } from '../../server/src/seed/demoSites.js';

/** core's notification rules client against the reference cloud over real HTTP. */
let cloud: Cloud;
let admin: HttpClient;
const site = demoSites()[15]!; // admin and the SMS user have it, no seeded rules

async function clientFor(user: { email: string; password: string }): Promise<HttpClient> {
  let tokens: AccessTokens | null = null;
  const http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: user.email, password: user.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
  return http;
}

beforeAll(async () => {
  cloud = await startCloud();
  admin = await clientFor(demoUsers.admin);
});
afterAll(() => cloud.close());

describe('rule drafts and ids', () => {
  it('makes rule ids of the first 8 characters of the site id, -rule- and 6 random characters', () => {
    expect(newRuleId('f1bd4cfd-1111-2222-3333-444455556666', () => 0)).toBe('f1bd4cfd-rule-aaaaaa');
    expect(newRuleId(site.uuid)).toMatch(new RegExp(`^${site.uuid.slice(0, 8)}-rule-[a-z0-9]{6}$`));
    expect(newRuleDraft(site.uuid)).toMatchObject({ name: '', threshold: 20, channeltype: [], users: [] });
  });

  it('refuses what the dialog must refuse, in the spec\'s words', () => {
    const draft = { ...newRuleDraft(site.uuid), name: 'Vakt', channeltype: ['mail' as const], users: ['u1'] };
    expect(validateRuleDraft(draft).ok).toBe(true);
    expect(validateRuleDraft({ ...draft, name: '  Vakt natt ' })).toMatchObject({ ok: true, rule: { name: 'Vakt natt' } });
    expect(validateRuleDraft({ ...draft, threshold: '35' })).toMatchObject({ ok: true, rule: { threshold: 35 } });
    const errorsOf = (changes: object, known?: Set<string>) => {
      const result = validateRuleDraft({ ...draft, ...changes }, known);
      return result.ok ? {} : result.errors;
    };
    expect(errorsOf({ channeltype: [] }).channeltype).toBe('Velg minst en verdi');
    expect(errorsOf({ users: [] }).users).toBe('You must select at least one user');
    for (const threshold of [3, 121, 'abc', 7, 0]) expect(errorsOf({ threshold }).threshold).toMatch(/Threshold must be/);
    expect(errorsOf({}, new Set(['u2'])).users).toBe('Unknown user id u1');
    // The editor requires a name (the API takes rules without one from older clients).
    for (const name of ['', '   ', 'x'.repeat(81), 'a\nb']) expect(errorsOf({ name }).name).toBe('The rule name must be 1-80 characters, on one line');
    expect(errorsOf({ name: 'x'.repeat(80) }).name).toBeUndefined();
  });

  it('accepts Norwegian and Swedish numbers only', () => {
    expect(normalizeNordicPhone('+47 912 34 567')).toBe('+4791234567');
    expect(normalizeNordicPhone('91234567')).toBe('+4791234567');
    expect(normalizeNordicPhone('0046 70 123 45 67')).toBe('+46701234567');
    expect(normalizeNordicPhone('+46 070-1234567')).toBe('+46701234567');
    expect(normalizeNordicPhone('+45 12345678')).toBeNull();
    expect(normalizeNordicPhone('+47 1234')).toBeNull();
    expect(normalizeNordicPhone('ring meg')).toBeNull();
  });

  it('diffs rule sets for a dry run', () => {
    const a = { ruleId: 'a', channeltype: ['sms' as const], threshold: 20, users: ['u1'] };
    const b = { ruleId: 'b', channeltype: ['mail' as const], threshold: 30, users: ['u2'] };
    const diff = diffRules({ a, b }, { a: { ...a, threshold: 25 }, c: { ...b, ruleId: 'c' } });
    expect(diff.added.map((r) => r.ruleId)).toEqual(['c']);
    expect(diff.changed.map((c) => c.after.threshold)).toEqual([25]);
    expect(diff.removed.map((r) => r.ruleId)).toEqual(['b']);
    expect(isEmptyDiff(diffRules({ a }, { a: { ...a, users: ['u1'] } }))).toBe(true);
    // A new name is a change; no name (a file without names) keeps the stored one, so is none.
    const named = { ...a, name: 'Vakt' };
    expect(diffRules({ a: named }, { a: { ...named, name: 'Vakt natt' } }).changed).toHaveLength(1);
    expect(isEmptyDiff(diffRules({ a: named }, { a }))).toBe(true);
  });
});

describe('against the cloud', () => {
  it('saves, reads, counts, tests and deletes rules', async () => {
    const users = await listRuleUsers(admin, site.uuid);
    const sms = users.find((user) => user.username === 'sms@varde.test')!;
    expect(sms.phone).toBe('+4791234567');
    const draft = { ...newRuleDraft(site.uuid), name: 'Vakttelefon', channeltype: ['sms' as const, 'mail' as const], users: [sms.uid] };
    const checked = validateRuleDraft(draft, new Set(users.map((user) => user.uid)));
    if (!checked.ok) throw new Error('draft should be valid');

    const saved = await saveSiteRules(admin, site.uuid, withRule({}, checked.rule));
    expect(saved).toEqual({ [draft.ruleId]: checked.rule });
    expect(await getSiteRules(admin, site.uuid)).toEqual(saved);
    expect((await listRuleSites(admin)).find((s) => s.uuid === site.uuid)?.rules).toBe(1);

    const result = await testRule(admin, site.uuid, draft.ruleId);
    expect(result).toEqual({
      status: 200,
      data: {
        users: [{ userUUID: sms.uid, username: 'sms@varde.test', phonenumber: '+4791234567', email: 'sms@varde.test' }],
        deliveries: [
          { userUUID: sms.uid, username: 'sms@varde.test', channel: 'sms', outcome: 'sent', to: '+4791234567' },
          { userUUID: sms.uid, username: 'sms@varde.test', channel: 'mail', outcome: 'sent', to: 'sms@varde.test' },
        ],
      },
    });
    expect((await outbox(cloud, { channel: 'sms', to: '+4791234567' }))[0]!.body).toContain('Vakttelefon');

    expect(await saveSiteRules(admin, site.uuid, withoutRule(saved, draft.ruleId))).toEqual({});
    await saveSiteRules(admin, site.uuid, saved);
    await deleteSiteRules(admin, site.uuid);
    expect(await getSiteRules(admin, site.uuid)).toEqual({});
  });

  it('tests an unsaved draft (a missing phone is a skipped SMS), reads the log, and resolves error statuses with their detail', async () => {
    const me = (await listRuleUsers(admin, site.uuid)).find((user) => user.username === 'admin@varde.test')!;
    const ruleId = newRuleId(site.uuid);
    const drafted = await testRuleDraft(admin, site.uuid, { ruleId, channeltype: ['sms', 'mail'], threshold: '20', users: [me.uid] });
    expect(drafted).toMatchObject({
      status: 200,
      data: {
        deliveries: [
          { channel: 'sms', outcome: 'skipped', reason: 'missing-phone-number', to: null },
          { channel: 'mail', outcome: 'sent', to: 'admin@varde.test' },
        ],
      },
    });
    expect(await getSiteRules(admin, site.uuid)).toEqual({});
    const log = await getRuleLog(admin, site.uuid, ruleId);
    expect(log.map((entry) => [entry.cause, entry.channel, entry.outcome])).toEqual([
      ['test', 'mail', 'sent'],
      ['test', 'sms', 'skipped'],
    ]);
    expect(await getRuleLog(admin, site.uuid, ruleId, { limit: 1 })).toHaveLength(1);
    expect(await testRuleDraft(admin, site.uuid, { ruleId, channeltype: [], threshold: 20, users: [me.uid] })).toMatchObject({
      status: 400,
      detail: expect.stringContaining('Velg minst en verdi'),
    });
    expect(await testRule(admin, site.uuid, 'nope')).toEqual({ status: 404, detail: 'No rule nope on this site' });
  });

  it('throws HttpError with the server\'s detail for a bad rule; the snackbar text is Error: {status}{statusText}', async () => {
    const error = await saveSiteRules(admin, site.uuid, { x: { ruleId: 'x', channeltype: ['sms'], threshold: 121, users: ['u'] } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).detail).toMatch(/Threshold must be/);
    expect(ruleFailureText(error)).toBe('Error: 400Bad Request');
  });
});
