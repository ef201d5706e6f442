/**
 * The one place the UI formats numbers and dates: Intl, per language (no -> nb-NO, en -> en-GB, se -> sv-SE),
 * so every widget writes "20,7 °C" and "27.11.2026, 00:50" alike in Norwegian, "20.7 °C" and "27/11/2026, 00:50"
 * in English. Widgets never format a number or a date themselves (packages/widgets/test/formatting.test.ts).
 * Formatters are made once per language and kind. Machine formats (CSV, the CLI) keep formatAlarmTime.
 */
export type FormatLanguage = string;

const LOCALES: Record<string, string> = /* @__PURE__ */ (() => ({ no: 'nb-NO', nb: 'nb-NO', en: 'en-GB', se: 'sv-SE', sv: 'sv-SE' }))();

/** The BCP 47 locale of a UI language (the product's `se` is Swedish). */
export function intlLocale(language: FormatLanguage): string {
  return LOCALES[language] ?? LOCALES.no!;
}

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
let cache: Map<string, Formatter> | undefined;

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  cache ??= new Map();
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Measured values: at most `maximumFractionDigits` decimals (default 2), the language's decimal sign. */
export function formatNumber(value: number, language: FormatLanguage, maximumFractionDigits = 2): string {
  const locale = intlLocale(language);
  return cached(`n|${locale}|${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits })).format(value);
}

/** A value with its unit ("20,68 °C"); text values stay as they are. */
export function formatValue(value: number | string, unit: string | undefined, language: FormatLanguage): string {
  const text = typeof value === 'number' ? formatNumber(value, language) : value;
  return unit ? `${text} ${unit}` : text;
}

/** A number written by a controller as text ("22.1 °C", "1480 ppm"): its number and unit, or null when it is not one. */
export function parseMeasuredText(text: string): { value: number; unit: string } | null {
  const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*(\S.*)?$/.exec(text);
  if (!match) return null;
  return { value: Number(match[1]!.replace(',', '.')), unit: (match[2] ?? '').trim() };
}

/** The same text with its number in the language's format ("22.1 °C" -> "22,1 °C"); other text unchanged. */
export function formatMeasuredText(text: string, language: FormatLanguage): string {
  const parsed = parseMeasuredText(text);
  return parsed ? formatValue(parsed.value, parsed.unit, language) : text;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time, one format per language everywhere ("27.11.2026, 00:50"). Unparseable input comes back as text. */
export function formatDateTime(value: string | number | Date, language: FormatLanguage, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocale(language);
  return cached(`dt|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })).format(date);
}

/** A date alone ("27.11.2026"). */
export function formatDate(value: string | number | Date, language: FormatLanguage, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocale(language);
  return cached(`d|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', ...(timeZone ? { timeZone } : {}) })).format(date);
}

/** A time of day ("00:50"), or hours and minutes on a chart's axis. */
export function formatTime(value: string | number | Date, language: FormatLanguage, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocale(language);
  return cached(`t|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) })).format(date);
}

/** Day and short month ("27. nov."), for a chart axis spanning days. */
export function formatDayMonth(value: string | number | Date, language: FormatLanguage): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocale(language);
  return cached(`dm|${locale}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' })).format(date);
}

/** How long ago (or until) `at` is from `now`: "for 5 minutter siden", "in 2 hours". */
export function formatRelativeTime(at: string | number | Date, now: number, language: FormatLanguage): string {
  const date = toDate(at);
  if (!date) return String(at);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const locale = intlLocale(language);
  const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}
