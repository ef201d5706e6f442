import { ensureNamespace } from '@varde/core';
import { resetPassword } from '@varde/core/texts/resetPassword';
import { useTexts } from '../../shell/useTexts.js';

/**
 * Texts of `namespaces`, `resetPassword` among them, which is added when the reset page or "forgot
 * password" first renders, so it stays out of the portal's first paint (core's page namespaces,
 * sourceAliases.mjs). The first namespace is the one unprefixed keys read.
 */
export function useResetPasswordTexts(namespaces: string[] = ['resetPassword']) {
  ensureNamespace('resetPassword', resetPassword);
  return useTexts(namespaces);
}
