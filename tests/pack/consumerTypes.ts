// Probe projects that compile each entry of the installed @varde/widgets as an app does: `strict`, no
// `skipLibCheck` (so the shipped .d.ts files are checked too), React 19's JSX. Three projects, each seeing
// only its own imports: `@varde/widgets`, `@varde/widgets/jsx`, and the element modules (one probe file
// per `@varde/widgets/elements/<tag>.js` and all.js; they share the JSX typings, so one program checks them,
// and `noUncheckedSideEffectImports` makes an entry that does not resolve an error). Every event of every
// element, read from the installed custom-elements.json, must have a `detail` that is not `any`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestElement {
  tagName: string;
  events: { name: string }[];
}

export const STRICT_APP_OPTIONS = {
  strict: true,
  skipLibCheck: false,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  isolatedModules: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  noUncheckedSideEffectImports: true,
  types: [],
};

// `typed<T>(true)` compiles only when T is not `any` (0 extends 1 & T holds for `any` alone).
const TYPED_HELPER = 'declare function typed<T>(ok: 0 extends 1 & T ? never : true): void;\n';

export function installedElements(widgetsDir: string): ManifestElement[] {
  const manifest = JSON.parse(readFileSync(join(widgetsDir, 'dist/custom-elements.json'), 'utf8'));
  return manifest.modules.flatMap((module: { declarations: (ManifestElement & { customElement?: boolean })[] }) =>
    module.declarations.filter((declaration) => declaration.customElement),
  );
}

/** The element in JSX with a handler for each of its events that needs a typed detail. */
function jsxUse(element: ManifestElement): string {
  const handlers = element.events.map((event) => `on${event.name}={(event) => typed<typeof event.detail>(true)}`);
  return `<${element.tagName} ${handlers.join(' ')} />`;
}

function writeProject(folder: string, files: Record<string, string>): void {
  mkdirSync(folder, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(folder, name), TYPED_HELPER + source);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT_APP_OPTIONS, files: Object.keys(files) }, null, 2));
}

/** Writes the probe projects under `<appDir>/typecheck/`; returns their folders. */
export function writeEntryProbes(appDir: string): { root: string; jsx: string; elements: string } {
  const widgetsDir = join(appDir, 'node_modules/@varde/widgets');
  const elements = installedElements(widgetsDir);
  const folders = { root: join(appDir, 'typecheck/root'), jsx: join(appDir, 'typecheck/jsx'), elements: join(appDir, 'typecheck/elements') };
  // The React build: components, their props, and every event's detail through VardeEventMap.
  const eventNames = [...new Set(elements.flatMap((element) => element.events.map((event) => event.name)))];
  writeProject(folders.root, {
    'probe.tsx':
      `import { SiteListWidget, type VardeEventMap } from '@varde/widgets';\n` +
      `export const list = <SiteListWidget siteHref="#site={uuid}" />;\n` +
      eventNames.map((name) => `typed<VardeEventMap['${name}']>(true);\n`).join('') +
      `document.addEventListener('varde-site-open', (event) => typed<typeof event.detail>(true));\n`,
  });
  writeProject(folders.jsx, { 'probe.tsx': `import type {} from '@varde/widgets/jsx';\nexport const all = <>\n${elements.map(jsxUse).join('\n')}\n</>;\n` });
  // all.js defines every element; varde-<tag>.js its own (and <varde-session>).
  const modules = readdirSync(join(widgetsDir, 'dist/elements')).filter((file) => /^(varde-.*|all)\.js$/.test(file));
  const probes: Record<string, string> = {};
  for (const module of modules) {
    const defined = module === 'all.js' ? elements : elements.filter((candidate) => `${candidate.tagName}.js` === module);
    if (defined.length === 0) throw new Error(`dist/elements/${module} defines no element of custom-elements.json`);
    probes[module.replace(/\.js$/, '.tsx')] = `import '@varde/widgets/elements/${module}';\nexport const used = <>\n${defined.map(jsxUse).join('\n')}\n</>;\n`;
  }
  writeProject(folders.elements, probes);
  return folders;
}
