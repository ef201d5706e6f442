import type { Language } from '../config/types.js';

/** UI default language (spec: Norwegian). User data's own default language is en. */
export const DEFAULT_LANGUAGE: Language = 'no';
