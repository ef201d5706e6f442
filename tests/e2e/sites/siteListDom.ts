import type { Locator } from '@playwright/test';
import { SITE_ROW_HEIGHT_PX } from '../../../packages/core/src/sites/constants.js';

/** Reading and scrolling the site list in the page, the same in the portal and inside <varde-site-list>'s shadow root. */

/** Rows and element nodes inside the list (open shadow roots within it included), and how many sites it holds. */
export function measure(list: Locator) {
  return list.evaluate((element) => {
    const count = (node: Element | ShadowRoot): number =>
      [...node.querySelectorAll('*')].reduce((sum, child) => sum + 1 + (child.shadowRoot ? count(child.shadowRoot) : 0), 0);
    return {
      rows: element.querySelectorAll('[data-testid="site-row"]').length,
      nodes: count(element),
      loaded: Number(element.querySelector('.varde-site-list__scroller')?.getAttribute('data-loaded')),
    };
  });
}

/** The uuids of the rendered rows in order, and the row at the scroller's top edge. */
export function renderedRows(scroller: Locator) {
  return scroller.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const rows = [...element.querySelectorAll('[data-testid="site-row"]')];
    const atTop = rows.find((row) => Math.abs(row.getBoundingClientRect().top - top) < 2);
    return { uuids: rows.map((row) => row.getAttribute('data-site-uuid')), atTop: atTop?.getAttribute('data-site-uuid') ?? null };
  });
}

/** Scrolls to the end, and resolves once the list holds more sites than before (the next page came). */
function scrollToEndForMore(scroller: Locator): Promise<number> {
  return scroller.evaluate(
    (element) =>
      new Promise<number>((resolve, reject) => {
        const before = Number(element.getAttribute('data-loaded'));
        const timer = setTimeout(() => reject(new Error(`no sites after the first ${before} within 10 s of scrolling to the end`)), 10_000);
        const observer = new MutationObserver(() => {
          const loaded = Number(element.getAttribute('data-loaded'));
          if (loaded > before) {
            observer.disconnect();
            clearTimeout(timer);
            resolve(loaded);
          }
        });
        observer.observe(element, { attributes: true, attributeFilter: ['data-loaded'] });
        element.scrollTo(0, element.scrollHeight);
      }),
  );
}

/** Scrolls to the end until `loadedAtLeast` sites are loaded (pages come ahead of the scroll), then puts row `index` at the top. */
export async function scrollToRow(scroller: Locator, index: number, loadedAtLeast: number): Promise<void> {
  for (let loaded = Number(await scroller.getAttribute('data-loaded')); loaded < loadedAtLeast; ) loaded = await scrollToEndForMore(scroller);
  await scroller.evaluate((element, top) => element.scrollTo(0, top), index * SITE_ROW_HEIGHT_PX);
}
