/**
 * Times the historian accepts: epoch milliseconds (digits), ISO 8601 with a zone, or a naive ISO
 * local time (public clients send those), which is read as Europe/Oslo time, the portal's default
 * zone; up to nine decimals either way. Returns null for anything else.
 */
const NAIVE_ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$/;
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const osloParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Oslo's offset from UTC at an instant, in ms (3_600_000 in winter, 7_200_000 in summer). */
function osloOffsetAt(instant: number): number {
  const parts = Object.fromEntries(osloParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Fractions beyond milliseconds (Python writes microseconds) are cut to milliseconds. */
function toMilliseconds(iso: string): string {
  // More than nine decimals is left as it is, for the patterns below to refuse.
  return iso.replace(/\.(\d+)/, (match, digits: string) => (digits.length > 9 ? match : `.${digits.slice(0, 3).padEnd(3, '0')}`));
}

export function parseHistorianTime(text: string): number | null {
  const value = toMilliseconds(text.trim());
  if (/^\d{1,15}$/.test(value)) return Number(value);
  if (ZONED_ISO.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  if (NAIVE_ISO.test(value)) {
    const asUtc = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : `${value}Z`);
    if (!Number.isFinite(asUtc)) return null;
    // Two rounds settle the offset around daylight-saving changes.
    let instant = asUtc - osloOffsetAt(asUtc);
    instant = asUtc - osloOffsetAt(instant);
    return instant;
  }
  return null;
}
