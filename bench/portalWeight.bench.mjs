// The portal's first paint of /sites: index.html's entry script and its static imports plus its CSS,
// brotli as the cloud serves them, beside issue 15's budget (packages/portal/firstPaintWeight.mjs; the
// browser suites fail above it). Every other page is a lazy chunk loaded on its first visit.
import { FIRST_PAINT_BUDGET_KB, measureFirstPaint } from '../packages/portal/firstPaintWeight.mjs';

export default async function portalWeight() {
  const weight = measureFirstPaint();
  const kb = (bytes) => Number((bytes / 1000).toFixed(1));
  return {
    title: 'Portal: KB (1,000 bytes) transferred (brotli) before the first paint of /sites',
    rows: [
      { what: 'scripts (entry + static imports)', files: weight.scripts.files, KB: kb(weight.scripts.bytes) },
      { what: 'CSS', files: 1, KB: kb(weight.css.bytes) },
      { what: 'total', files: weight.scripts.files + 1, KB: kb(weight.bytes) },
    ],
    notes: [`budget ${FIRST_PAINT_BUDGET_KB} KB: ${weight.bytes <= FIRST_PAINT_BUDGET_KB * 1000 ? 'within' : 'over'}. Other pages load on their first visit (React.lazy).`],
  };
}
