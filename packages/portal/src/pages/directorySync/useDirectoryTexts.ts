import { ensureNamespace } from '@varde/core';
import { accessTokens } from '@varde/core/texts/accessTokens';
import { directory } from '@varde/core/texts/directory';
import { useTexts } from '../../shell/useTexts.js';

/** The `directory` texts (and `accessTokens`, for the administration tabs), added when the page first renders. */
export function useDirectoryTexts() {
  ensureNamespace('accessTokens', accessTokens);
  ensureNamespace('directory', directory);
  return useTexts(['directory', 'accessTokens']);
}
