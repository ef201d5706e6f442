import { ensureNamespace } from '@varde/core';
import { accessTokens } from '@varde/core/texts/accessTokens';
import { useTexts } from '../../shell/useTexts.js';

/**
 * The `accessTokens` texts with any others: added when one of these pages first renders, so they stay
 * out of the portal's first paint (core's `pageNamespaces`).
 */
export function useAccessTokenTexts(others: readonly string[] = []) {
  ensureNamespace('accessTokens', accessTokens);
  return useTexts(['accessTokens', ...others]);
}
