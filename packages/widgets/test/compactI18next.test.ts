// @vitest-environment node
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactI18next, setUpInstance } from '@varde/core';
import { coreNamespaces } from '@varde/core/texts';
import { accessTokens } from '@varde/core/texts/accessTokens';
import { resetPassword } from '@varde/core/texts/resetPassword';
import { bim } from '@varde/core/texts/bim';
import { licenses } from '@varde/core/texts/licenses';
import { ml } from '@varde/core/texts/ml';
import type { WidgetStrings } from '../src/shared/widgetStrings.js';
import { leaves, type Tree } from './helpers/catalogueLeaves.js';

/**
 * Host pages translate with compactI18next (the widgets' preact build aliases i18next to it,
 * decision 014), the portal with i18next. Every text of every catalogue, core's and each widget's,
 * in every language, with and without its values and with plural counts, must read the same
 * through both; so must missing keys, defaults, fallbacks and language changes.
 */
const LANGUAGES = ['no', 'en', 'se'] as const;

async function allCatalogues(): Promise<Record<string, Record<string, Tree>>> {
  const catalogues: Record<string, Record<string, Tree>> = { ...(coreNamespaces as unknown as Record<string, Record<string, Tree>>), accessTokens: accessTokens as unknown as Record<string, Tree>, resetPassword: resetPassword as unknown as Record<string, Tree>, bim: bim as unknown as Record<string, Tree>, ml: ml as unknown as Record<string, Tree>, licenses: licenses as unknown as Record<string, Tree> };
  const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
  for (const entry of readdirSync(srcDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !existsSync(`${srcDir}${entry.name}/strings.ts`)) continue;
    const module = (await import(`../src/${entry.name}/strings.ts`)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value === 'object' && value !== null && 'texts' in value) {
        const strings = value as WidgetStrings;
        catalogues[strings.namespace] = strings.texts as Record<string, Tree>;
      }
    }
  }
  return catalogues;
}

function resourcesOf(catalogues: Record<string, Record<string, Tree>>): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const [namespace, texts] of Object.entries(catalogues)) resources[language][namespace] = texts[language] as Tree;
  }
  return resources;
}

const both = (resources: Resource): [I18n, I18n] => [
  setUpInstance(i18next.createInstance(), resources),
  setUpInstance(compactI18next.createInstance() as unknown as I18n, resources),
];

const valuesFor = (text: string) => Object.fromEntries([...text.matchAll(/\{\{-?\s*([\w.]+)\s*\}\}/g)].map((match) => [match[1], `«${match[1]}»`]));

afterEach(() => vi.restoreAllMocks());

describe('compactI18next reads every catalogue as i18next does', () => {
  it('every key, language, value set and plural count', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const catalogues = await allCatalogues();
    expect(Object.keys(catalogues).length).toBeGreaterThan(25);
    const [real, compact] = both(resourcesOf(catalogues));
    let compared = 0;
    for (const language of LANGUAGES) {
      await real.changeLanguage(language);
      await compact.changeLanguage(language);
      for (const [namespace, texts] of Object.entries(catalogues)) {
        for (const [path, text] of leaves(texts[language] as Tree)) {
          const key = path.replace(/_(zero|one|two|few|many|other)$/, '');
          const values = valuesFor(text);
          const calls: [string, Record<string, unknown>][] = [
            [`${namespace}:${key}`, values],
            [key, { ns: namespace, ...values }],
            [`${namespace}:${key}`, {}],
            ...[0, 1, 2, 5].map((count): [string, Record<string, unknown>] => [`${namespace}:${key}`, { ...values, count }]),
          ];
          for (const [fullKey, options] of calls) {
            expect(compact.t(fullKey, options), `${language} ${fullKey} ${JSON.stringify(options)}`).toBe(real.t(fullKey, options));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('missing keys, defaults, fallbacks, empty and null values, getFixedT and language events', async () => {
    const resources: Resource = {
      no: { demo: { only: 'bare norsk', greet: 'Hei {{name}}', nested: { deep: 'dypt {{a.b}}' }, items_one: '{{count}} ting', items_other: '{{count}} tinger' } },
      en: { demo: { only: 'English only', onlyEn: 'fallback {{x}}', greet: 'Hi {{name}}', items_one: 'one', items_other: 'many', items_zero: 'none' } },
      se: { demo: { greet: 'Hej {{ name }}' } },
    };
    const [real, compact] = both(resources);
    const warnings: unknown[][] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args));
    const events: [string, unknown[]][] = [];
    real.on('languageChanged', (language) => events.push(['real', [language]]));
    compact.on('languageChanged', (language) => events.push(['compact', [language]]));
    const cases: [string, Record<string, unknown>][] = [
      ['demo:missing', {}],
      ['demo:missing', { defaultValue: 'Default {{n}}', n: 3 }],
      ['demo:onlyEn', { x: 1 }],
      ['demo:greet', { name: '' }],
      ['demo:greet', { name: null }],
      ['demo:greet', { name: undefined }],
      ['demo:greet', { name: 7 }],
      ['demo:nested.deep', { a: { b: 'x' } }],
      ['demo:items', { count: 0 }],
      ['demo:items', { count: 1 }],
      ['demo:items', { count: '2' }],
      ['other:only', {}],
      ['only', { ns: 'demo' }],
    ];
    for (const language of LANGUAGES) {
      for (const instance of [real, compact]) await instance.changeLanguage(language);
      for (const [key, options] of cases) {
        warnings.length = 0;
        const expected = real.t(key, options);
        const realWarnings = warnings.splice(0);
        expect(compact.t(key, options), `${language} ${key} ${JSON.stringify(options)}`).toBe(expected);
        expect(warnings, `${language} ${key}: the same warning`).toEqual(realWarnings);
      }
      expect(compact.getFixedT(null, 'demo')('greet', { name: 'A' })).toBe(real.getFixedT(null, 'demo')('greet', { name: 'A' }));
      expect(compact.getFixedT('en', 'demo')('greet', { name: 'A' })).toBe(real.getFixedT('en', 'demo')('greet', { name: 'A' }));
    }
    expect(events.filter(([who]) => who === 'compact').map(([, args]) => args)).toEqual(events.filter(([who]) => who === 'real').map(([, args]) => args));
    expect(compact.language).toBe(real.language);
  });

  it('added bundles merge deeply and overwrite as addResourceBundle(…, true, true) does', () => {
    const [real, compact] = both({ en: { demo: { a: 'a', group: { b: 'b', c: 'c' } } } });
    for (const instance of [real, compact]) instance.addResourceBundle('en', 'demo', { a: 'A', group: { c: 'C' }, d: 'D' }, true, true);
    for (const key of ['a', 'group.b', 'group.c', 'd']) expect(compact.t(`demo:${key}`, { lng: 'en' })).toBe(real.t(`demo:${key}`, { lng: 'en' }));
  });
});
