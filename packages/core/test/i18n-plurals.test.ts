import { afterAll, expect, it } from 'vitest';
import { addNamespace, i18n, setLanguage } from './support.js';

/** Plural forms through i18next in every UI language, Swedish (`se`) with Swedish rules, not Sami. */
afterAll(() => setLanguage('no'));

it('one and other, in no, en and se', async () => {
  addNamespace('pluralTest', {
    no: { modules_one: '{{count}} modul', modules_other: '{{count}} moduler' },
    en: { modules_one: '{{count}} module', modules_other: '{{count}} modules' },
    se: { modules_one: '{{count}} modul', modules_other: '{{count}} moduler' },
  });
  const forms = async (language: string) => {
    await setLanguage(language);
    return [1, 2, 5].map((count) => i18n.t('modules', { ns: 'pluralTest', count }));
  };
  expect(await forms('no')).toEqual(['1 modul', '2 moduler', '5 moduler']);
  expect(await forms('en')).toEqual(['1 module', '2 modules', '5 modules']);
  expect(await forms('se')).toEqual(['1 modul', '2 moduler', '5 moduler']);
});

it('reports a key no catalogue has on the console (the browser walk fails on it)', async () => {
  const { vi } = await import('vitest');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  i18n.t('noSuchKey', { ns: 'pluralTest' });
  expect(warn).toHaveBeenCalledWith('[varde i18n] missing pluralTest:noSuchKey');
  warn.mockRestore();
});
