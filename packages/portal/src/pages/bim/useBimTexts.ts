import { ensureNamespace } from '@varde/core';
import { bim } from '@varde/core/texts/bim';
import { useTexts } from '../../shell/useTexts.js';

/** The `bim` texts: added when the BIM page first renders, so they stay out of the portal's first paint. */
export function useBimTexts() {
  ensureNamespace('bim', bim);
  return useTexts(['bim']);
}
