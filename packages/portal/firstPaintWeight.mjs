// What the portal's first paint of /sites loads: index.html's entry script, its static imports and its
// CSS, brotli as the cloud serves them (the .br files the build writes). Every other page is a lazy
// chunk loaded on first visit. Reads dist/ (build first). Used by bench/ and the browser suites' budget.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('./dist', import.meta.url));
/** Issue 15's budget for the first paint of /sites, KB (1,000 bytes) brotli. */
export const FIRST_PAINT_BUDGET_KB = 150;
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g;

const brotliSize = (file) => readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length;

function staticClosure(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) stack.push(join(dirname(file), match[1]));
  }
  return seen;
}

/** {scripts: {files, bytes}, css: {files, bytes}, bytes}: brotli bytes before the first paint. */
export function measureFirstPaint() {
  if (!existsSync(`${dist}/asset-manifest.json`)) throw new Error('packages/portal/dist is missing: npm run build first');
  const manifest = JSON.parse(readFileSync(`${dist}/asset-manifest.json`, 'utf8'));
  const scripts = staticClosure(join(dist, manifest['portal.js']));
  const js = [...scripts].reduce((total, file) => total + brotliSize(file), 0);
  const css = brotliSize(join(dist, manifest['portal.css']));
  return { scripts: { files: scripts.size, bytes: js }, css: { files: 1, bytes: css }, bytes: js + css };
}
