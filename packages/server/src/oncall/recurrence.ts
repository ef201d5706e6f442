import * as rruleModule from 'rrule';
import { DateTime } from 'luxon';

// rrule ships CommonJS to Node (its ES module build is for bundlers): there its classes are on the default export.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;
type Rule = InstanceType<typeof RRule>;

/** A layer's rotation: a hand-off every day, every week, or at each occurrence of an RFC 5545 RRULE. */
export type Rotation = 'daily' | 'weekly' | string;

/** One layer of a schedule: users take turns, one per hand-off, in this order. */
export interface Layer {
  /** Account uids in rotation order. */
  users: string[];
  /** The first hand-off, a wall-clock time in the schedule's zone (`2026-03-02T08:00`); its time of day is the hand-off time. */
  start: string;
  rotation: Rotation;
  /** `HH:mm`: each shift ends at this wall-clock time, the first time after it starts (nights 16:00–08:00); absent, at the next hand-off. */
  endTime?: string;
}

/** One person's turn in a layer, in ms since the epoch: [start, end). */
export interface Shift {
  userUid: string;
  start: number;
  end: number;
}

const RRULE_OF: Record<'daily' | 'weekly', string> = { daily: 'FREQ=DAILY', weekly: 'FREQ=WEEKLY' };

/** The frequencies a rotation may use: a hand-off every few seconds or minutes is nobody's rota. */
const ALLOWED_FREQUENCIES = new Set<number>([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY, RRule.HOURLY]);

/** What rrule reads as a wall-clock time: the zone's fields stored as if they were UTC ("floating" time). */
function floating(wall: DateTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
}

/** The instant a floating time names in `zone` (luxon: a time that does not exist moves forward, one that happens twice is the later). */
function wallToInstant(date: Date, zone: string): DateTime {
  return DateTime.fromObject(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() },
    { zone },
  );
}

/** A layer's start as a luxon wall time in the zone, or null when it is not `YYYY-MM-DDTHH:mm`. */
export function layerStart(layer: Pick<Layer, 'start'>, zone: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(layer.start)) return null;
  const wall = DateTime.fromISO(layer.start, { zone });
  return wall.isValid ? wall : null;
}

/** The RRULE text of a rotation ('daily' and 'weekly' are shorthands). */
export function rruleText(rotation: Rotation): string {
  return RRULE_OF[rotation as 'daily' | 'weekly'] ?? rotation.replace(/^RRULE:/i, '');
}

/** A layer's first hand-off as rrule reads it (floating time); the start must be valid (rotationProblem). */
export function floatingStart(layer: Pick<Layer, 'start'>, zone: string): Date {
  const start = layerStart(layer, zone);
  if (!start) throw new Error(`layer start ${layer.start} is not a wall-clock time`);
  return floating(start);
}

/**
 * Why a rotation cannot be read, or null. It does not expand the rule: a rule that can never occur makes
 * rrule search to the year 9999, so whether it occurs is asked apart, with a time limit (rotationOccurs.ts).
 */
export function rotationProblem(layer: Pick<Layer, 'start' | 'rotation'>, zone: string): string | null {
  const start = layerStart(layer, zone);
  if (!start) return 'must be a wall-clock time YYYY-MM-DDTHH:mm';
  const text = rruleText(layer.rotation);
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(text);
  } catch (error) {
    return `is not an RRULE (${(error as Error).message})`;
  }
  if (options.freq === undefined || !ALLOWED_FREQUENCIES.has(options.freq)) return 'needs FREQ of YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY';
  if (options.dtstart || options.tzid) return 'takes no DTSTART or TZID: the layer start and the schedule time zone give them';
  return null;
}

const rules = new WeakMap<Layer, Map<string, Rule>>();

/** The layer's rule in floating time (cached per layer object and zone: schedules are read whole and queried often). */
function ruleOf(layer: Layer, zone: string): Rule {
  let byZone = rules.get(layer);
  if (!byZone) rules.set(layer, (byZone = new Map()));
  let rule = byZone.get(zone);
  if (!rule) {
    rule = new RRule({ ...RRule.parseString(rruleText(layer.rotation)), dtstart: floatingStart(layer, zone) });
    byZone.set(zone, rule);
  }
  return rule;
}

/** Where a shift that starts at `start` ends: at the layer's end time if it has one (never after the next hand-off), else at the next hand-off. */
function shiftEnd(layer: Layer, start: DateTime, next: DateTime | null): number {
  const nextAt = next?.toMillis() ?? Number.POSITIVE_INFINITY;
  if (!layer.endTime) return nextAt;
  const [hour, minute] = layer.endTime.split(':').map(Number) as [number, number];
  let end = start.set({ hour, minute, second: 0, millisecond: 0 });
  // Calendar days, not 24 hours: 16:00 to 08:00 is 08:00 the next morning on a DST night too.
  if (end <= start) end = end.plus({ days: 1 });
  return Math.min(end.toMillis(), nextAt);
}

/** Hand-offs expanded ahead once per layer and zone (at most this many, up to this many years past now). */
const EXPANDED_HANDOFFS = 20_000;
const EXPANDED_YEARS = 3;

/** A layer's hand-offs from its start (floating ms, ascending), and the floating time up to which the list is whole. */
interface Expansion {
  handOffs: number[];
  wholeUntil: number;
  /** The rule ends within the list (COUNT, UNTIL): nothing comes after its last hand-off. */
  ended: boolean;
}

const expansions = new WeakMap<Rule, Expansion>();

/**
 * The rule's hand-offs for the next few years, found once: a query is then a binary search instead of
 * rrule walking from the layer's start each time (who is on call is asked for every step, feed and page).
 */
function expansionOf(rule: Rule): Expansion {
  let expansion = expansions.get(rule);
  if (!expansion) {
    const horizon = new Date(Math.max(Date.now(), rule.options.dtstart.getTime()) + EXPANDED_YEARS * 366 * 86_400_000);
    const handOffs = rule.between(rule.options.dtstart, horizon, true, (_date, index) => index < EXPANDED_HANDOFFS).map((date) => date.getTime());
    const full = handOffs.length >= EXPANDED_HANDOFFS;
    const wholeUntil = full ? handOffs.at(-1)! : horizon.getTime();
    expansion = { handOffs, wholeUntil, ended: !full && rule.after(horizon, true) === null };
    expansions.set(rule, expansion);
  }
  return expansion;
}

/** Index of the last hand-off at or before `floatingMs`, or -1. */
function lastAtOrBefore(handOffs: number[], floatingMs: number): number {
  let low = 0;
  let high = handOffs.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (handOffs[middle]! <= floatingMs) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The user of the hand-off at `occurrence` (how many hand-offs came before it, in turn). */
function userAt(layer: Layer, rule: Rule, occurrence: Date): string {
  const expansion = expansionOf(rule);
  if (occurrence.getTime() <= expansion.wholeUntil) {
    const index = lastAtOrBefore(expansion.handOffs, occurrence.getTime());
    if (index >= 0 && expansion.handOffs[index] === occurrence.getTime()) return layer.users[index % layer.users.length]!;
  }
  // Inclusive at both ends: the start itself is a hand-off only when the rule says so (BYDAY may skip it).
  const before = rule.between(rule.options.dtstart, occurrence, true).length - 1;
  return layer.users[before % layer.users.length]!;
}

/**
 * The layer's shift at instant `at` in `zone`, or null before its first hand-off and in the gaps an end
 * time leaves. Hand-offs are found in wall-clock time, then each is turned into its instant, so a
 * daylight-saving night moves nobody's hand-off off its wall-clock time.
 */
export function layerShiftAt(layer: Layer, zone: string, at: number): Shift | null {
  if (layer.users.length === 0) return null;
  const rule = ruleOf(layer, zone);
  // A little past `at` in wall time: around a DST change the wall clock and the instant disagree by up to an hour.
  const probe = floating(DateTime.fromMillis(at, { zone }).plus({ hours: 2 }));
  const expansion = expansionOf(rule);
  let occurrence: Date | null;
  let next: Date | null;
  if (probe.getTime() < expansion.wholeUntil) {
    let index = lastAtOrBefore(expansion.handOffs, probe.getTime());
    while (index >= 0 && wallToInstant(new Date(expansion.handOffs[index]!), zone).toMillis() > at) index -= 1;
    if (index < 0) return null;
    occurrence = new Date(expansion.handOffs[index]!);
    const following = expansion.handOffs[index + 1];
    next = following !== undefined ? new Date(following) : expansion.ended ? null : rule.after(occurrence, false);
  } else {
    occurrence = rule.before(probe, true);
    while (occurrence && wallToInstant(occurrence, zone).toMillis() > at) occurrence = rule.before(occurrence, false);
    if (!occurrence) return null;
    next = rule.after(occurrence, false);
  }
  const start = wallToInstant(occurrence, zone);
  const end = shiftEnd(layer, start, next ? wallToInstant(next, zone) : null);
  if (at >= end) return null;
  return { userUid: userAt(layer, rule, occurrence), start: start.toMillis(), end };
}

/** The layer's shifts that overlap [from, to), in order. */
export function layerShiftsBetween(layer: Layer, zone: string, from: number, to: number): Shift[] {
  if (layer.users.length === 0 || to <= from) return [];
  const rule = ruleOf(layer, zone);
  const first = layerShiftAt(layer, zone, from);
  const occurrences = rule.between(floating(DateTime.fromMillis(from, { zone }).minus({ hours: 2 })), floating(DateTime.fromMillis(to, { zone }).plus({ hours: 2 })), true);
  const shifts: Shift[] = first ? [first] : [];
  for (const occurrence of occurrences) {
    const start = wallToInstant(occurrence, zone);
    if (start.toMillis() >= to || (first && start.toMillis() <= first.start)) continue;
    if (start.toMillis() < from && !first) continue;
    const next = rule.after(occurrence, false);
    const end = shiftEnd(layer, start, next ? wallToInstant(next, zone) : null);
    if (end > from) shifts.push({ userUid: userAt(layer, rule, occurrence), start: start.toMillis(), end });
  }
  return shifts;
}
