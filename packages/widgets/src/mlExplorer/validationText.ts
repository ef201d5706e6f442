import { ML_NAME_MESSAGES, ML_VALIDATION_MESSAGES } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

const KEYS = new Map<string, string>([
  ...Object.entries(ML_VALIDATION_MESSAGES).map(([key, text]) => [text, `validation.${key}`] as [string, string]),
  [ML_NAME_MESSAGES.required, 'validation.nameRequired'],
  [ML_NAME_MESSAGES.emptyFolder, 'validation.emptyFolder'],
]);

/** A rule's message (the contract's English text) in the current language. */
export function validationText(t: WidgetTranslate, message: string | null | undefined): string | null {
  if (!message) return null;
  const key = KEYS.get(message);
  return key ? t(key) : message;
}
