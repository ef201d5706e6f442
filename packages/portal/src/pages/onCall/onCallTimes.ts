import { formatDateTime } from '@varde/core';
import type { OnCallSpan } from '@varde/core/contract';

/** What the page shows of each schedule's timeline. */
export const TIMELINE_MS = 14 * 86_400_000;

/** A stretch in the schedule's own time zone ("27.11.2026, 08:00"): a rota is read in the place it is kept. */
export const timeIn = (iso: string, language: string, timeZone: string) => formatDateTime(iso, language, timeZone);

/** Who is on call at `now` and who comes next (the first later stretch with someone else), from a timeline. */
export function nowAndNext(spans: readonly OnCallSpan[], now: number): { now: OnCallSpan | null; next: OnCallSpan | null } {
  const index = spans.findIndex((span) => Date.parse(span.from) <= now && now < Date.parse(span.to));
  const current = index >= 0 ? spans[index]! : null;
  const later = spans.slice(index + 1).filter((span) => Date.parse(span.from) >= now);
  return { now: current, next: later.find((span) => span.uid !== current?.uid) ?? null };
}

/** Where a stretch sits on a bar of `windowMs` from `start`, in percent (cut to the window). */
export function placeOf(span: OnCallSpan, start: number, windowMs: number): { left: number; width: number } {
  const from = Math.max(Date.parse(span.from), start);
  const to = Math.min(Date.parse(span.to), start + windowMs);
  return { left: ((from - start) / windowMs) * 100, width: (Math.max(0, to - from) / windowMs) * 100 };
}

/** A `datetime-local` value (the browser's wall time) as ISO 8601 with the browser's offset, as the cloud wants it. */
export function localInputToIso(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${value.length === 16 ? `${value}:00` : value}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}
