import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

/**
 * The axe rules whose outcome a colour scheme can change: a theme swaps colours, never the markup, so a
 * page already checked whole in one scheme needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe-core on the page (into open shadow roots): its moderate, serious and critical violations (issue 37
 * asks for 0 serious and 0 moderate). `rules` limits the run to those rules (all of axe's when absent).
 */
export async function moderateOrWorseViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    const result = await axe.run(
      { exclude: [['.leaflet-tile-pane']] },
      { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) },
    );
    return result.violations
      .filter((violation) => ['moderate', 'serious', 'critical'].includes(violation.impact))
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 4).map((node) => JSON.stringify(node.target)).join(' ')}`);
  }, rules ? [...rules] : null);
}
