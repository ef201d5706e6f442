import { ensureNamespace } from '@varde/core';
import { onCall } from '@varde/core/texts/onCall';
import { useTexts } from '../../shell/useTexts.js';

/** The `onCall` texts with any others, added when the on-call page or the policy editor first renders (not in the first paint). */
export function useOnCallTexts(others: readonly string[] = []) {
  ensureNamespace('onCall', onCall);
  return useTexts(['onCall', ...others]);
}
