import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
/** Folders with a page the cloud serves (npm-app is an app to build, described in its README). */
const hostPages = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'npm-app' && existsSync(`${examples}${entry.name}/index.html`))
  .map((entry) => entry.name)
  .sort();

describe('examples/index.html', () => {
  const index = readFileSync(`${examples}index.html`, 'utf8');
  const links = [...index.matchAll(/<a href="([^"]+)\/">[^<]*<\/a>\s*<p>([^<]|<code>|<\/code>)+<\/p>/g)].map((match) => match[1]!);

  it('lists every host page, each with a line on what it shows', () => {
    expect([...links].sort()).toEqual(hostPages);
  });
});
