// @vitest-environment node
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with bench/ (no type declarations)
import { measureWidgetBundles, readBudgets } from '../bundleSizes.mjs';
import { widgetDefinitions } from '../src/defineAll.js';

interface BundleRow {
  name: string;
  kind: 'element' | 'shared';
  raw: number;
  min: number;
  gzip: number;
  budgetKiB: number | null;
}

/** Every widget's preact bundle stays within its byte budget (bundle-budgets.json). */
describe('bundle budgets', () => {
  it('every element has a budget, is defined by all.js, and stays within it (minified + gzip)', { timeout: 120_000 }, async () => {
    const rows = (await measureWidgetBundles()) as BundleRow[];
    const budgets = readBudgets() as { elements: Record<string, unknown> };
    const elements = rows.filter((row) => row.kind === 'element').map((row) => row.name);

    expect(elements.length).toBeGreaterThan(0);
    expect(elements.sort()).toEqual(Object.keys(widgetDefinitions).sort());
    expect(Object.keys(budgets.elements).sort()).toEqual(elements.sort());

    const over = rows
      .filter((row) => row.budgetKiB === null || row.gzip > row.budgetKiB * 1024)
      .map((row) => `${row.name}: ${(row.gzip / 1024).toFixed(1)} KiB gzip, budget ${row.budgetKiB ?? 'missing'} KiB`);
    expect(over).toEqual([]);
    // Sanity: the measurement is real (a bundle with preact and r2wc is never tiny).
    for (const row of rows) expect(row.gzip).toBeGreaterThan(5 * 1024);
  });
});
