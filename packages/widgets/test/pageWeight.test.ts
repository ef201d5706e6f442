// @vitest-environment node
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with bench/ (no type declarations)
import { KB, measurePages } from '../pageWeight.mjs';
import { widgetDefinitions } from '../src/defineAll.js';

interface PageRow {
  name: string;
  files: number;
  bytes: number;
  lazyBytes: number | null;
  budgetKB: number | null;
}

/**
 * What a host page with one element loads before it runs, counted honestly: the element's entry and
 * its whole static import closure (core, preact, Shoelace parts, CSS), brotli as the cloud serves it.
 * Each page stays within issue 15's budget (bundle-budgets.json `pages`, KB of 1,000 bytes).
 */
describe('page weight', () => {
  it('every element\'s page stays within its budget (brotli, static closure, core included)', { timeout: 120_000 }, async () => {
    const rows = (await measurePages({ lazy: false })) as PageRow[];
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(widgetDefinitions).sort());
    const over = rows
      .filter((row) => row.budgetKB === null || row.bytes > row.budgetKB * KB)
      .map((row) => `${row.name}: ${(row.bytes / KB).toFixed(1)} KB brotli, budget ${row.budgetKB ?? 'missing'} KB`);
    expect(over).toEqual([]);
    // The measurement is real: a page with preact, core and the session is never tiny.
    for (const row of rows) expect(row.bytes).toBeGreaterThan(30 * KB);
  });
});
