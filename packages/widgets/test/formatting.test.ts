// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMeasuredText, formatNumber, formatValue } from '@varde/core';

/**
 * Issue 26, item 4: one number and one date formatter per language, in core (i18n/formatting.ts). A widget
 * that formats a number or a date itself is how "22.1 °C" in search met "20,68 °C" on the site page and three
 * date formats met in one portal; this test finds any that does.
 */
const src = fileURLToPath(new URL('../src', import.meta.url));

const FORBIDDEN: [RegExp, string][] = [
  [/\.toFixed\(/, 'toFixed'],
  [/\.toLocale(?:String|DateString|TimeString)\(/, 'toLocale…String'],
  [/new Intl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat)\(/, 'a formatter of its own'],
  [/\.toISOString\(\)/, 'an ISO string shown as a date'],
  [/\bformatAlarmTime\(/, "the CLI's and CSV's fixed format"],
  [/\.get(?:FullYear|Month|Date|Hours|Minutes)\(\)/, 'a date put together by hand'],
];
/** Uses that are not formatting for people: a time zone name checked, a file name stamped. */
const ALLOWED: Record<string, string[]> = {
  'accountSettings/timeZones.ts': ['a formatter of its own'],
  'alarmTable/csvDownload.ts': ['a date put together by hand'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('formatting (issue 26, item 4)', () => {
  it('no widget formats a number or a date by itself', () => {
    const found: string[] = [];
    for (const file of sourceFiles(src)) {
      const name = relative(src, file).split('\\').join('/');
      const text = readFileSync(file, 'utf8');
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(text) && !ALLOWED[name]?.includes(what)) found.push(`${name}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("core's formatters write each language's way, the same for a value whatever its source", () => {
    expect(formatNumber(20.678, 'no')).toBe('20,68');
    expect(formatNumber(20.678, 'en')).toBe('20.68');
    expect(formatValue(22.1, '°C', 'se')).toBe('22,1 °C');
    // A controller's text value ("22.1 °C") and a measured number read the same.
    expect(formatMeasuredText('22.1 °C', 'no')).toBe(formatValue(22.1, '°C', 'no'));
    expect(formatMeasuredText('Feil', 'no')).toBe('Feil');
    const at = '2026-11-27T00:50:00Z';
    expect(formatDateTime(at, 'no', 'Europe/Oslo')).toBe('27.11.2026, 01:50');
    expect(formatDateTime(at, 'en', 'Europe/Oslo')).toBe('27/11/2026, 01:50');
    expect(formatDateTime(at, 'se', 'Europe/Oslo')).toBe('2026-11-27 01:50');
  });
});
