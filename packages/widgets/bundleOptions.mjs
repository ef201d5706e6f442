// esbuild options shared by build.mjs (dist/), the bundle-size test and bench/: one place says how
// the React and the preact builds are made.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { coreSourceAliases } from '../core/sourceAliases.mjs';
import { rawTextImports } from './rawTextImports.mjs';

export const widgetsDir = fileURLToPath(new URL('.', import.meta.url));
const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

export const browserTargets = ['chrome120', 'firefox120', 'safari16'];

/** @varde/core from its TypeScript source (as the portal does), so no core build is needed first. */
export const coreAlias = coreSourceAliases();

/** React -> preact/compat (also covers react/jsx-runtime, react-dom/client via subpaths). */
export const preactAlias = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
};

/** i18next -> the part of it Varde uses (decision 014: 14 KiB of the create-user element's 45 KB). */
export const compactI18nextAlias = {
  i18next: `${coreSrc}/i18n/compactI18next.ts`,
};

/** Element entry points: src/elements/<varde-name>.ts -> dist/elements/<varde-name>.js. */
export function elementEntries() {
  return Object.fromEntries(
    readdirSync(`${widgetsDir}src/elements`)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [file.replace(/\.ts$/, ''), `${widgetsDir}src/elements/${file}`]),
  );
}

/** The preact/compat build for host pages (minified ESM). */
export function preactBuildOptions(overrides = {}) {
  return {
    absWorkingDir: widgetsDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: browserTargets,
    minify: true,
    jsx: 'automatic',
    alias: { ...coreAlias, ...preactAlias, ...compactI18nextAlias },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    ...overrides,
    plugins: [rawTextImports, ...(overrides.plugins ?? [])],
  };
}
