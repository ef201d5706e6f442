// @varde/core's import paths mapped to its TypeScript sources, for the builds that bundle core from
// source (widgets, portal, CLI): one list, so a new subpath cannot be missed in one of them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('./src', import.meta.url));
const textsDir = `${src}/i18n/resources`;

/** Each namespace of texts is its own subpath (`@varde/core/texts/bim`), so an element reaches only its own. */
export const textNamespaces = readdirSync(textsDir)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length));

/**
 * Namespaces a portal page adds when it opens (not in the texts' index): their subpath is always their
 * own file, so they load with the page's chunk and not with the first paint.
 */
export const pageTextNamespaces = ['accessTokens', 'resetPassword', 'onCall', 'directory', 'audit', 'bim', 'ml', 'licenses'];

/**
 * `wholeTexts`: every namespace's subpath but the pages' own resolves to the texts' index, for a bundle that loads every
 * namespace at start anyway (the portal): its lazy pages then share one chunk of texts instead of one
 * small chunk per namespace, each costing its own request and compression overhead.
 */
export function coreSourceAliases({ wholeTexts = false } = {}) {
  return {
    ...Object.fromEntries(
      textNamespaces.map((name) => [`@varde/core/texts/${name}`, wholeTexts && !pageTextNamespaces.includes(name) ? `${textsDir}/index.ts` : `${textsDir}/${name}.ts`]),
    ),
    '@varde/core/texts': `${textsDir}/index.ts`,
    '@varde/core/contract': `${src}/contract/index.ts`,
    '@varde/core': `${src}/index.ts`,
  };
}
