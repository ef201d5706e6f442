import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../src/cliArgs.js';

/** The flags `varde-cloud --help` lists (the help's own `-h, --help` aside). */
function helpFlags(): string[] {
  const flags = [...USAGE.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((match) => match[1]!);
  return [...new Set(flags)].filter((flag) => flag !== '--help');
}

describe('the server README', () => {
  it('has a table row for every option varde-cloud --help lists (issue 38: --frame-ancestors was missing)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `(--[a-z][a-z-]*)/gm)].map((match) => match[1]));
    const flags = helpFlags();
    expect(flags).toEqual(expect.arrayContaining(['--port', '--allow-origin', '--frame-ancestors', '--unsafe-functions']));
    expect(flags.filter((flag) => !documented.has(flag))).toEqual([]);
  });
});
