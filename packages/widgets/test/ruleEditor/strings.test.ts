import { describe, expect, it } from 'vitest';
import { RULE_SKIP_REASONS } from '@varde/core/contract';
import { SKIP_REASON_KEYS } from '../../src/ruleEditor/skipReasons.js';
import { ruleEditorTexts } from '../../src/ruleEditor/strings.js';

/** The rule editor's catalogues: every text in every language, with the same placeholders. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('rule editor texts', () => {
  const languages = Object.keys(ruleEditorTexts) as Array<keyof typeof ruleEditorTexts>;

  it('has the same keys and placeholders in no, en and se', () => {
    expect(languages.sort()).toEqual(['en', 'no', 'se']);
    const keys = Object.keys(ruleEditorTexts.no).sort();
    for (const language of languages) {
      const texts = ruleEditorTexts[language] as Record<string, string>;
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      for (const key of keys) expect(placeholders(texts[key]!), `${language}.${key}`).toEqual(placeholders((ruleEditorTexts.no as Record<string, string>)[key]!));
    }
  });

  it('says every reason a delivery can be skipped for, in words (never the code)', () => {
    for (const reason of RULE_SKIP_REASONS) {
      for (const language of languages) {
        const text = (ruleEditorTexts[language] as Record<string, string>)[SKIP_REASON_KEYS[reason]];
        expect(text, `${language} ${reason}`).toEqual(expect.any(String));
        expect(text).not.toContain(reason);
      }
    }
  });
});
