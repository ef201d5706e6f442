import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export interface Violation {
  id: string;
  impact: string;
  targets: string[];
  summary?: string;
}

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

/** axe-core on the whole page (shell and content, into open shadow roots): its serious and critical violations. */
export async function seriousViolationsOnPage(page: Page): Promise<Violation[]> {
  // Evaluated by the test driver, not a <script> tag: the portal's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    // The map's tiles and the 3D viewer's canvas are pictures, not text; leaflet's own attribution links are third-party.
    const result = await axe.run({ exclude: [['.leaflet-tile-pane']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 6).map((node) => JSON.stringify(node.target)),
        summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' '),
      }));
  });
}

/** How far the page scrolls sideways (0 when nothing is wider than the window). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
