import type { LanguageCode } from '@varde/core/contract';

/** `varde-language-change`: the user chose another UI language (already applied to core's i18n). */
export interface LanguageChangeDetail {
  language: LanguageCode;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-language-change': LanguageChangeDetail;
  }
}
