// @vitest-environment node
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { WidgetStrings } from '../src/shared/widgetStrings.js';
import { leaves, type Tree } from './helpers/catalogueLeaves.js';

/**
 * Every widget's catalogue has the same keys in no, en and se (plural forms: the same _one/_other
 * set), the same placeholders, and no empty text: a string can never fall back to another language.
 */

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const widgetDirs = readdirSync(srcDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(`${srcDir}${entry.name}/strings.ts`));

describe('widget string catalogues', () => {
  it('covers every widget that has texts', () => {
    expect(widgetDirs.length).toBeGreaterThan(15);
  });

  for (const dir of widgetDirs) {
    it(`${dir.name}: same keys and placeholders in no, en and se, none empty`, async () => {
      const module = (await import(`../src/${dir.name}/strings.ts`)) as Record<string, unknown>;
      const catalogues = Object.values(module).filter((value): value is WidgetStrings => typeof value === 'object' && value !== null && 'texts' in value);
      expect(catalogues.length).toBeGreaterThan(0);
      for (const catalogue of catalogues) {
        const en = leaves(catalogue.texts.en as Tree);
        for (const language of ['no', 'se'] as const) {
          const other = leaves(catalogue.texts[language] as Tree);
          expect([...other.keys()].sort(), `${catalogue.namespace} ${language}`).toEqual([...en.keys()].sort());
          for (const [key, text] of other) {
            expect(text, `${catalogue.namespace} ${language} ${key}`).not.toBe('');
            expect(placeholders(text), `${catalogue.namespace} ${language} ${key}`).toEqual(placeholders(en.get(key) ?? ''));
          }
        }
      }
    });
  }
});
