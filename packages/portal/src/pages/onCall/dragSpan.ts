/** Half an hour and an hour: what a dragged span on the timeline snaps to. */
export const HALF_HOUR_MS = 30 * 60_000;
export const HOUR_MS = 60 * 60_000;

/** 30 minutes when the bar shows an hour over at least 8 px (a hand can aim at half an hour), else 1 hour. */
export function snapStepMs(barWidthPx: number, windowMs: number): number {
  return barWidthPx * HOUR_MS >= 8 * windowMs ? HALF_HOUR_MS : HOUR_MS;
}

/** A place on the bar (0 … 1 of its width, clamped) as an instant in the window. */
export function instantAt(fraction: number, windowStart: number, windowMs: number): number {
  return windowStart + Math.min(1, Math.max(0, fraction)) * windowMs;
}

/**
 * The span between two instants a drag went from and to (either way round), each snapped to the nearest
 * `stepMs` boundary (in the browser's zone, so 30 min and 1 h land on the clock's half and whole hours),
 * at least one step long, and kept inside the window (snapped inward at its edges).
 */
export function snappedSpan(a: number, b: number, windowStart: number, windowMs: number, stepMs: number, offsetMs = 0): { from: number; to: number } {
  const snap = (at: number) => Math.round((at + offsetMs) / stepMs) * stepMs - offsetMs;
  const first = Math.ceil((windowStart + offsetMs) / stepMs) * stepMs - offsetMs;
  const last = Math.floor((windowStart + windowMs + offsetMs) / stepMs) * stepMs - offsetMs;
  const clamp = (at: number) => Math.min(last, Math.max(first, at));
  let from = clamp(snap(Math.min(a, b)));
  let to = clamp(snap(Math.max(a, b)));
  if (to - from < stepMs) {
    if (from + stepMs <= last) to = from + stepMs;
    else from = to - stepMs;
  }
  return { from, to };
}

/** Milliseconds to add to a UTC instant to read it on the browser's clock at that time (DST-aware). */
export const browserOffsetMs = (at: number) => -new Date(at).getTimezoneOffset() * 60_000;

/** An instant as a `datetime-local` value in the browser's time (`2026-11-30T08:30`). */
export function localInputOf(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
