import { layerShiftAt, layerShiftsBetween } from './recurrence.js';
import type { Schedule } from './schedule.js';

/** Who a schedule puts on call at an instant, and why: an override, or the shift of layer `layer` (0 = the first). */
export interface OnCall {
  userUid: string;
  source: 'override' | 'layer';
  layer?: number;
  /** When this turn began and when it ends at the latest (an override that starts sooner cuts it short). */
  from: number;
  until: number;
}

/**
 * The one answer to "who is on call": an override covering `at` wins; else the last layer with a shift
 * at `at`; else nobody (null). Someone away (a disabled account) holds nothing: their override or shift
 * is passed over as if it were not there. Every rota, feed, timeline and escalation asks this function,
 * or the timeline built from it (onCallBetween).
 */
export function onCallAt(schedule: Schedule, at: number): OnCall | null {
  const away = new Set(schedule.away ?? []);
  const override = schedule.overrides.find((item) => item.from <= at && at < item.to && !away.has(item.userUid));
  if (override) return { userUid: override.userUid, source: 'override', from: override.from, until: override.to };
  for (let index = schedule.layers.length - 1; index >= 0; index -= 1) {
    const shift = layerShiftAt(schedule.layers[index]!, schedule.timeZone, at);
    if (!shift || away.has(shift.userUid)) continue;
    const nextOverride = Math.min(...schedule.overrides.filter((item) => item.from > at && !away.has(item.userUid)).map((item) => item.from));
    return { userUid: shift.userUid, source: 'layer', layer: index, from: shift.start, until: Math.min(shift.end, nextOverride) };
  }
  return null;
}

/** One stretch of the final timeline: who is on call over [from, to). */
export interface OnCallSpan {
  userUid: string;
  from: number;
  to: number;
}

/**
 * The schedule's final timeline over [from, to): every moment an override, a layer's shift or a gap
 * begins or ends cuts it, each piece is answered by onCallAt, and pieces of one person in a row are joined.
 */
export function onCallBetween(schedule: Schedule, from: number, to: number): OnCallSpan[] {
  const cuts = new Set<number>([from, to]);
  for (const layer of schedule.layers) {
    for (const shift of layerShiftsBetween(layer, schedule.timeZone, from, to)) cuts.add(shift.start).add(shift.end);
  }
  for (const item of schedule.overrides) cuts.add(item.from).add(item.to);
  const points = [...cuts].filter((point) => point >= from && point <= to).sort((a, b) => a - b);
  const spans: OnCallSpan[] = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const start = points[index]!;
    const end = points[index + 1]!;
    const who = onCallAt(schedule, start);
    if (!who) continue;
    const last = spans.at(-1);
    if (last && last.userUid === who.userUid && last.to === start) last.to = end;
    else spans.push({ userUid: who.userUid, from: start, to: end });
  }
  return spans;
}

/**
 * The backup at `at` ("the other one" of an escalation's second step): under an override, whoever the
 * layers would have put on call; else the next person in the rotation of the layer on call. Null when
 * that is the same person or nobody is on call.
 */
export function backupAt(schedule: Schedule, at: number): string | null {
  const primary = onCallAt(schedule, at);
  if (!primary) return null;
  if (primary.source === 'override') {
    const layered = onCallAt({ ...schedule, overrides: [] }, at);
    return layered && layered.userUid !== primary.userUid ? layered.userUid : null;
  }
  // The next in the rotation who is not away.
  const away = new Set(schedule.away ?? []);
  const users = schedule.layers[primary.layer!]!.users;
  const start = users.indexOf(primary.userUid);
  for (let step = 1; step < users.length; step += 1) {
    const next = users[(start + step) % users.length]!;
    if (next !== primary.userUid && !away.has(next)) return next;
  }
  return null;
}
