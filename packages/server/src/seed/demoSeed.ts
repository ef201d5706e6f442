import { realtimePaths, type TrueMap, type UserData } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { inTransaction } from '../storage/transaction.js';
import { insertAccount } from '../auth/accounts.js';
import { hashPassword } from '../auth/secrets.js';
import { insertSite, type SiteRecord } from '../controllers/sites.js';
import { hostnameOf } from '../http/hostRouting.js';
import { userPath } from '../users/profiles.js';
import { demoPortalStatus, demoSites, stableUuid } from './demoSites.js';
import { seedDemoAlarmsAndTags } from './demoAlarmsAndTags.js';
import { DEMO_MODULES, demoUsers, type DemoUserKey } from './demoUsers.js';

/** Which sites (by index into demoSites()) each demo user has, and whom they administer. */
const SITE_RANGES: Record<DemoUserKey, [number, number] | 'all'> = {
  systemAdmin: 'all',
  admin: [0, 30],
  powerUser: [0, 15],
  user: [0, 10],
  guest: [0, 5],
  viewer: [5, 8],
  sms: [10, 20],
  partnerAdmin: [30, 60],
  partnerUser: [30, 40],
};
const SUB_USERS: Partial<Record<DemoUserKey, DemoUserKey[]>> = {
  systemAdmin: ['admin', 'partnerAdmin'],
  admin: ['powerUser', 'user', 'guest', 'viewer', 'sms'],
  powerUser: ['guest', 'viewer'],
  partnerAdmin: ['partnerUser'],
};
const PARTNERS: Partial<Record<DemoUserKey, { main: string; licensing: string[] }>> = {
  systemAdmin: { main: 'varde', licensing: ['varde', 'fjordvarme', 'nordbygg'] },
  admin: { main: 'fjordvarme', licensing: ['fjordvarme'] },
  powerUser: { main: 'fjordvarme', licensing: [] },
  user: { main: 'fjordvarme', licensing: [] },
  sms: { main: 'fjordvarme', licensing: [] },
  partnerAdmin: { main: 'nordbygg', licensing: ['nordbygg'] },
  partnerUser: { main: 'nordbygg', licensing: [] },
};
const PARTNER_NAMES: Record<string, string> = { varde: 'Varde', fjordvarme: 'Fjordvarme AS', nordbygg: 'Nordbygg Drift AS' };

export function demoUid(key: DemoUserKey): string {
  return stableUuid(`user:${demoUsers[key].email}`);
}

function trueMap(keys: readonly string[]): TrueMap {
  return Object.fromEntries(keys.map((key) => [key, true as const]));
}

function sitesOf(key: DemoUserKey, sites: SiteRecord[]): TrueMap {
  const range = SITE_RANGES[key];
  const chosen = range === 'all' ? sites : sites.slice(range[0], range[1]);
  return trueMap(chosen.map((site) => site.uuid));
}

function profileOf(key: DemoUserKey, sites: SiteRecord[]): UserData {
  const user = demoUsers[key];
  const partners = PARTNERS[key];
  const adminUsers = Object.fromEntries(
    (SUB_USERS[key] ?? []).map((sub) => [
      demoUid(sub),
      { controllers: sitesOf(sub, sites), moduleAccesses: trueMap(DEMO_MODULES[sub]) },
    ]),
  );
  return {
    uid: demoUid(key),
    name: user.name,
    email: user.email,
    ...('smsPhone' in user ? { phone: user.smsPhone } : {}),
    role: user.role,
    // A Norwegian operator's world: the portal (which shows the stored language) and its mails and SMS speak Norwegian.
    language: 'no',
    ...(partners ? { mainPartner: partners.main } : {}),
    controllers: sitesOf(key, sites),
    adminUsers,
    moduleAccesses: trueMap(DEMO_MODULES[key]),
    licensingPartners: trueMap(partners?.licensing ?? []),
    portalAutoLogoutDisabled: key === 'viewer',
    systemAdmin: 'systemAdmin' in user && user.systemAdmin,
  };
}

/**
 * The demo accounts share one published password, so they share one hash, made once per process: scrypt
 * is memory-hard on purpose (about 50 ms a hash), and the test suites start a demo cloud per file or more.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoPasswordHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (hash === undefined) demoHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * Seeds a new database with the demo world: 60 sites across Norway, users of every role with
 * sub-users, module accesses and partners, one SMS second factor, a system admin; and their
 * realtime data (profiles, site status tags, a status message for the cloud's own host name).
 */
export async function seedDemo(ctx: CloudContext): Promise<void> {
  const now = ctx.clock.now();
  const sites = demoSites();
  const keys = Object.keys(demoUsers) as DemoUserKey[];
  // Hash outside the transaction: it is the slow part and needs no lock.
  const hashes = new Map(await Promise.all(keys.map(async (key) => [key, await demoPasswordHash(demoUsers[key].password)] as const)));

  await inTransaction(ctx.db, async (tx) => {
    for (const site of sites) await insertSite(tx.db, site);
    await seedDemoAlarmsAndTags(tx.db, sites, now);
    for (const key of keys) {
      const user = demoUsers[key];
      await insertAccount(
        tx.db,
        {
          uid: demoUid(key),
          email: user.email,
          passwordHash: hashes.get(key)!,
          phone: 'smsPhone' in user ? user.smsPhone : null,
          smsSecondFactor: 'smsPhone' in user,
          role: user.role,
        },
        now,
      );
      await ctx.realtime.set(userPath(demoUid(key)), profileOf(key, sites), tx);
    }
    const tags: Record<string, unknown> = {};
    sites.forEach((site, index) => {
      const status = demoPortalStatus(site, index);
      tags[`${site.uuid}/tags/portalStatusText/v`] = status.text;
      tags[`${site.uuid}/tags/portalStatusColor/v`] = status.color;
    });
    await ctx.realtime.update('/controllers', tags, tx);
    for (const [id, name] of Object.entries(PARTNER_NAMES)) await ctx.realtime.set(realtimePaths.partner(id), { name }, tx);
    await ctx.realtime.set(
      realtimePaths.statusMessage(hostnameOf(new URL(ctx.config.publicOrigin).host)),
      {
        no: 'Demosky: anlegg, alarmer og brukere er simulert. E-post og SMS havner i utboksen.',
        en: 'Demo cloud: sites, alarms and users are simulated. E-mail and SMS go to the outbox.',
        se: 'Demomoln: anläggningar, larm och användare är simulerade. E-post och sms hamnar i utkorgen.',
      },
      tx,
    );
  });
}
