import type { LicenseFieldOption, LicenseRequiredField, LicenseType } from './licensing.js';

/**
 * Licence rules shared by the form (widget), the CLI and the licensing service, so that what a form
 * accepts is exactly what the server accepts: field validation by type, expiry from ISO durations,
 * dates in the licence's time zone, and the download file name.
 */

/** The form's message for an empty field (admin-modules §5: every field is required). */
export const FIELD_REQUIRED = 'Field is required';
export const FIELD_NOT_HEX = 'Must be hexadecimal digits (0-9, a-f)';
export const FIELD_NOT_INTEGER = 'Must be a whole number';
export const FIELD_NOT_AN_OPTION = 'Must be one of the choices';
export const DEFAULT_LICENSE_TIME_ZONE = 'Europe/Oslo';

export function optionValue(option: LicenseFieldOption): string {
  return typeof option === 'string' ? option : option.value;
}
export function optionLabel(option: LicenseFieldOption): string {
  return typeof option === 'string' ? option : option.label;
}

/** Checks one value against its field; returns the stored value or an error message. */
export function checkLicenseField(
  field: LicenseRequiredField,
  raw: unknown,
): { ok: true; value: string | number } | { ok: false; error: string } {
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '') return { ok: false, error: FIELD_REQUIRED };
  switch (field.tempInputType) {
    case 'integer':
      if (!/^-?\d{1,15}$/.test(text)) return { ok: false, error: FIELD_NOT_INTEGER };
      return { ok: true, value: Number(text) };
    case 'hexString':
      if (!/^(0x)?[0-9a-fA-F]+$/.test(text) || text.length > 512) return { ok: false, error: FIELD_NOT_HEX };
      return { ok: true, value: text.replace(/^0x/, '').toLowerCase() };
    case 'select':
    case 'htmlOptions': {
      const values = (field.htmlOptions ?? []).map(optionValue);
      if (!values.includes(text)) return { ok: false, error: FIELD_NOT_AN_OPTION };
      return { ok: true, value: text };
    }
    default:
      if (text.length > 1000) return { ok: false, error: 'At most 1000 characters' };
      return { ok: true, value: text };
  }
}

/** Validates a type's required fields in `values` (by tempInputKey): the stored values, or errors per key. */
export function checkLicenseFields(
  type: LicenseType,
  values: Record<string, unknown>,
): { values: Record<string, string | number>; errors: Record<string, string> } {
  const out: Record<string, string | number> = {};
  const errors: Record<string, string> = {};
  for (const field of type.requiredFields) {
    const result = checkLicenseField(field, values[field.tempInputKey]);
    if (result.ok) out[field.tempInputKey] = result.value;
    else errors[field.tempInputKey] = result.error;
  }
  return { values: out, errors };
}

/** The durations a user may choose for a type: its one duration, or its options. */
export function expirationChoices(type: LicenseType): string[] {
  if (type.expirationType === 'singleDuration') return type.expiration ? [type.expiration] : [];
  return type.expirationOptions ?? [];
}

/** `P1Y6M` -> {years: 1, months: 6, days: 0} (weeks count as 7 days). */
export function parseIsoDuration(duration: string): { years: number; months: number; days: number } | null {
  const match = /^P(?=\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/.exec(duration);
  if (!match) return null;
  const [, y, m, w, d] = match;
  return { years: Number(y ?? 0), months: Number(m ?? 0), days: Number(w ?? 0) * 7 + Number(d ?? 0) };
}

/** Calendar arithmetic on YYYY-MM-DD: 2024-01-31 + P1M = 2024-02-29 (clamped to the month's end). */
export function addIsoDuration(date: string, duration: string): string {
  const parts = parseIsoDuration(duration);
  if (!parts) throw new RangeError(`Not an ISO duration: ${duration}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const totalMonths = year * 12 + (month - 1) + parts.years * 12 + parts.months;
  const newYear = Math.floor(totalMonths / 12);
  const newMonth = totalMonths % 12;
  const lastDay = new Date(Date.UTC(newYear, newMonth + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(newYear, newMonth, Math.min(day, lastDay) + parts.days));
  return moved.toISOString().slice(0, 10);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) at `epochMs` in a time zone. */
export function dateIn(timeZone: string, epochMs: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(epochMs),
  );
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** Epoch ms when a licence expiring on `date` runs out: midnight after that date in its time zone. */
export function licenseExpiryMs(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day + 1);
  // Two passes settle the offset also around a DST change.
  let guess = midnightUtc - zoneOffsetMs(timeZone, midnightUtc);
  guess = midnightUtc - zoneOffsetMs(timeZone, guess);
  return guess;
}

/** The download name: the licence name's lowercase letters and digits, then `license.bin` (admin §5). */
export function licenseFileName(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}license.bin`;
}
