import { isHttpError } from '@varde/core';
import type { OnCallSchedule, ScheduleInput } from '@varde/core/contract';

/** How often a layer hands off: the two shorthands the cloud takes, or an RFC 5545 RRULE of the editor's. */
export type RotationKind = 'daily' | 'weekly' | 'custom';

/** One layer as the editor holds it: people by e-mail, in turn order. */
export interface LayerDraft {
  users: string[];
  /** The first hand-off, wall-clock time in the schedule's zone (`2026-01-05T08:00`, a datetime-local value). */
  start: string;
  kind: RotationKind;
  /** The RRULE text when `kind` is custom (`FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`). */
  rrule: string;
  /** `HH:mm` or '' (a shift lasts until the next hand-off). */
  endTime: string;
}

/** What the schedule editor holds; what it does not edit (sites, overrides) is carried over unchanged. */
export interface ScheduleDraft {
  name: string;
  timeZone: string;
  layers: LayerDraft[];
  sites: OnCallSchedule['sites'];
  overrides: OnCallSchedule['overrides'];
}

/** The browser's own IANA zone: where a new rota most likely lives. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Next Monday 08:00 in wall-clock form: a usual first hand-off. */
function nextMondayMorning(now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ((8 - now.getDay()) % 7 || 7), 8, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T08:00`;
}

export const emptyLayer = (now = new Date()): LayerDraft => ({ users: [], start: nextMondayMorning(now), kind: 'weekly', rrule: '', endTime: '' });

export const emptyScheduleDraft = (now = new Date()): ScheduleDraft => ({ name: '', timeZone: browserZone(), layers: [emptyLayer(now)], sites: null, overrides: [] });

export function scheduleDraftOf(schedule: OnCallSchedule): ScheduleDraft {
  return {
    name: schedule.name,
    timeZone: schedule.timeZone,
    layers: schedule.layers.map((layer) => {
      const kind: RotationKind = layer.rotation === 'daily' || layer.rotation === 'weekly' ? layer.rotation : 'custom';
      return { users: [...layer.users], start: layer.start, kind, rrule: kind === 'custom' ? layer.rotation : '', endTime: layer.endTime ?? '' };
    }),
    sites: schedule.sites,
    overrides: schedule.overrides,
  };
}

/** The PUT/POST body: the draft as the cloud takes it, sites and overrides as they were. */
export function scheduleInputOf(draft: ScheduleDraft): ScheduleInput {
  return {
    name: draft.name.trim(),
    timeZone: draft.timeZone.trim(),
    sites: draft.sites,
    overrides: draft.overrides,
    layers: draft.layers.map((layer) => ({
      users: layer.users,
      start: layer.start,
      rotation: layer.kind === 'custom' ? layer.rrule.trim() : layer.kind,
      ...(layer.endTime ? { endTime: layer.endTime } : {}),
    })),
  };
}

/** Moves item `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The cloud's field problems (`layers.0.rotation` → why), from a 400's `problems`; none when it sent none. */
export function fieldProblemsOf(error: unknown): Map<string, string> {
  const found = new Map<string, string>();
  if (!isHttpError(error) || error.status !== 400 || typeof error.body !== 'object' || error.body === null) return found;
  const problems = (error.body as { problems?: unknown }).problems;
  if (!Array.isArray(problems)) return found;
  for (const problem of problems) {
    if (typeof problem !== 'object' || problem === null) continue;
    const { field, detail } = problem as { field?: unknown; detail?: unknown };
    if (typeof field === 'string' && typeof detail === 'string') found.set(field, found.has(field) ? `${found.get(field)}; ${detail}` : detail);
  }
  return found;
}

/** What the cloud said of exactly this field ('' when nothing). */
export const problemAt = (problems: ReadonlyMap<string, string>, field: string): string => problems.get(field) ?? '';

/** Every IANA zone the browser knows (the schedule's own first, kept even if this browser lacks it). */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !known.includes(current) ? [current, ...known] : known;
}

/** The cloud's rule for changing schedules (oncall/routes.ts): a system admin, or the notifications or users module. */
export function mayEditSchedules(user: { systemAdmin?: boolean | undefined; moduleAccesses?: Partial<Record<string, true>> | undefined } | null): boolean {
  return user !== null && (user.systemAdmin === true || user.moduleAccesses?.['notifications'] === true || user.moduleAccesses?.['users'] === true);
}
