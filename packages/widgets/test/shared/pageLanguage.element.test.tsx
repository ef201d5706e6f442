import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@varde/core';
import { defineWidgetElement } from '../../src/shared/defineWidgetElement.js';
import { languageOfTag } from '../../src/shared/pageLanguage.js';

/** Before anyone signs in, an element speaks its page's language (its own `lang` or its nearest ancestor's). */
function Greeting() {
  return <p>{i18n.t('login:password')}</p>;
}
defineWidgetElement('varde-language-probe', Greeting);

afterEach(async () => {
  document.body.replaceChildren();
  await setLanguage('no');
});

describe('the page language of an element', () => {
  it('reads HTML language tags as ours: Norwegian in all its codes, English, Swedish; nothing else', () => {
    expect(['nb-NO', 'nn', 'no', 'en-GB', 'EN', 'sv-SE'].map(languageOfTag)).toEqual(['no', 'no', 'no', 'en', 'en', 'se']);
    // `se` is Northern Sami in HTML, whatever the portal calls Swedish.
    expect(['se', 'de', '', null].map(languageOfTag)).toEqual([null, null, null, null]);
  });

  it("speaks its nearest ancestor's language, or its own", () => {
    const page = document.createElement('div');
    page.lang = 'en-GB';
    page.append(document.createElement('varde-language-probe'));
    document.body.append(page);
    expect(i18n.language).toBe('en');

    const own = document.createElement('varde-language-probe');
    own.setAttribute('lang', 'sv');
    page.append(own);
    expect(i18n.language).toBe('se');
  });

  it('keeps the language it has when the page names one it does not speak', () => {
    const page = document.createElement('div');
    page.lang = 'de';
    page.append(document.createElement('varde-language-probe'));
    document.body.append(page);
    expect(i18n.language).toBe('no');
  });
});
