import { ensureNamespace } from '@varde/core';
import { audit } from '@varde/core/texts/audit';
import { useTexts } from '../../shell/useTexts.js';

/** The `audit` texts (with any others), added when the page first renders: out of the portal's first paint. */
export function useAuditTexts(others: readonly string[] = []) {
  ensureNamespace('audit', audit);
  return useTexts(['audit', ...others]);
}
