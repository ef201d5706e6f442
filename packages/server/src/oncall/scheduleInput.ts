import * as z from 'zod/mini';
import { IANAZone } from 'luxon';
import { accountByEmail, accountByUid } from '../auth/accounts.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import type { CloudServices } from '../services.js';
import { FieldProblems, parseNamingEach } from '../http/fieldProblems.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import { rotationProblem, type Layer } from './recurrence.js';
import { rotationOccurrenceProblem } from './rotationOccurs.js';
import type { Override } from './schedule.js';

/** Limits (decision: the issue names none; a real rota has a handful of layers and people). */
export const MAX_LAYERS = 10;
export const MAX_USERS_PER_LAYER = 50;
export const MAX_OVERRIDES = 500;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A person in a schedule: an account uid or its e-mail address (files written by people use addresses). */
const person = text(320);

const scheduleBody = z.object({
  name: text(80),
  timeZone: text(64),
  sites: z.optional(z.nullable(z.array(text(64)).check(z.maxLength(10_000)))),
  layers: z.array(
    z.object({
      users: z.array(person).check(z.minLength(1, 'an empty rotation has nobody to put on call'), z.maxLength(MAX_USERS_PER_LAYER)),
      start: text(16),
      rotation: text(500),
      endTime: z.optional(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm'))),
    }),
  ).check(z.minLength(1, 'a schedule needs at least one layer'), z.maxLength(MAX_LAYERS)),
  overrides: z.optional(z.array(z.object({ user: person, from: text(40), to: text(40) })).check(z.maxLength(MAX_OVERRIDES))),
});

export type ScheduleBody = z.output<typeof scheduleBody>;

/** A schedule as it is stored: users as uids, overrides as instants. */
export interface ScheduleInput {
  name: string;
  timeZone: string;
  sites: string[] | null;
  layers: Layer[];
  overrides: Override[];
}

type Ctx = Pick<CloudServices, 'db' | 'realtime'>;

/** An instant with its offset (`2026-03-29T02:00:00+02:00` or `…Z`), or NaN. */
function instant(value: string): number {
  return /(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN;
}

/**
 * Checks a schedule as the caller sent it and resolves it for storing, or throws 400 naming every wrong
 * field (a FieldProblemsError): shape, time zone, each rotation (an RRULE that never occurs too),
 * overrides that overlap, sites the caller cannot see, people who are unknown or not of `partner`.
 * Nothing is stored before.
 */
export async function scheduleFromBody(ctx: Ctx, callerUid: string, partner: string, body: unknown): Promise<ScheduleInput> {
  const parsed = parseNamingEach(scheduleBody, body ?? {});
  const problems = new FieldProblems();
  const zoneKnown = IANAZone.isValidZone(parsed.timeZone);
  if (!zoneKnown) problems.add('timeZone', `${parsed.timeZone} is not an IANA time zone`);
  const people = new Map<string, string>();
  const uidOf = async (field: string, who: string): Promise<string | null> => {
    const known = people.get(who);
    if (known) return known;
    const account = who.includes('@') ? await accountByEmail(ctx.db, who) : await accountByUid(ctx.db, who);
    if (!account) return (problems.add(field, `no user ${who}`), null);
    if ((await partnerOfUser(ctx, account.uid)) !== partner) return (problems.add(field, `${who} is not a user of this schedule's partner`), null);
    people.set(who, account.uid);
    return account.uid;
  };
  const layers: Layer[] = [];
  for (const [index, layer] of parsed.layers.entries()) {
    // A rotation is read in the schedule's zone: with no zone there is nothing to check it against.
    const problem = zoneKnown ? rotationProblem(layer, parsed.timeZone) : null;
    if (problem) problems.add(`layers.${index}.${problem.startsWith('must be a wall') ? 'start' : 'rotation'}`, problem);
    const occurrence = zoneKnown && !problem ? await rotationOccurrenceProblem(layer, parsed.timeZone) : null;
    if (occurrence) problems.add(`layers.${index}.rotation`, occurrence);
    const users: string[] = [];
    for (const [position, who] of layer.users.entries()) {
      const uid = await uidOf(`layers.${index}.users.${position}`, who);
      if (uid) users.push(uid);
    }
    layers.push({ users, start: layer.start, rotation: layer.rotation, ...(layer.endTime ? { endTime: layer.endTime } : {}) });
  }
  const overrides: Array<Override & { index: number }> = [];
  for (const [index, item] of (parsed.overrides ?? []).entries()) {
    const from = instant(item.from);
    const to = instant(item.to);
    if (Number.isNaN(from)) problems.add(`overrides.${index}.from`, 'must be a date and time with its offset, e.g. 2026-03-29T02:00:00+02:00');
    if (Number.isNaN(to)) problems.add(`overrides.${index}.to`, 'must be a date and time with its offset, e.g. 2026-03-29T08:00:00+02:00');
    else if (!Number.isNaN(from) && to <= from) problems.add(`overrides.${index}.to`, 'must be after from');
    const userUid = await uidOf(`overrides.${index}.user`, item.user);
    if (userUid && from < to) overrides.push({ userUid, from, to, index });
  }
  const order = [...overrides].sort((a, b) => a.from - b.from);
  for (let index = 1; index < order.length; index += 1) {
    if (order[index]!.from < order[index - 1]!.to) problems.add(`overrides.${order[index]!.index}`, `overlaps overrides.${order[index - 1]!.index}`);
  }
  let sites: string[] | null = null;
  if (parsed.sites) {
    sites = [...new Set(parsed.sites)];
    for (const [index, site] of sites.entries()) {
      if (!(await canSeeSite(ctx, callerUid, site))) problems.add(`sites.${index}`, `no site ${site} of yours`);
    }
  }
  problems.throwIfAny();
  return { name: parsed.name, timeZone: parsed.timeZone, sites, layers, overrides: overrides.map(({ index: _index, ...override }) => override) };
}
