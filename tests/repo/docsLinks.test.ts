import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { badLinks, headingSlug } from './markdownLinks.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Files git tracks or would track (new files count before their first commit). */
function repositoryFiles(pattern: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', pattern], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\n').filter(Boolean))];
}

// Spelled in parts so this file does not match itself.
const OUTSIDE_REFERENCES = [
  ['shared', 'notes/'].join('/'),
  ['shared', 'spec/'].join('/'),
  ['shared', 'DESIGN.md'].join('/'),
  ['/work', 'shared'].join('/'),
];

describe('the repository explains itself', () => {
  it('has no markdown link that leaves the repository or points at a missing file or heading', () => {
    const files = repositoryFiles('*.md');
    expect(files).toContain('docs/README.md');
    const bad = files.flatMap((file) => badLinks(root, file, readFileSync(`${root}/${file}`, 'utf8')));
    expect(bad).toEqual([]);
  });

  it('names no document outside the repository, in docs, code comments or tests', () => {
    const files = ['*.md', '*.ts', '*.tsx', '*.mjs', '*.js', '*.json', '*.sh'].flatMap(repositoryFiles);
    const hits = files.flatMap((file) => {
      const text = readFileSync(`${root}/${file}`, 'utf8');
      return OUTSIDE_REFERENCES.filter((needle) => text.includes(needle)).map((needle) => `${file}: ${needle}`);
    });
    expect(hits).toEqual([]);
  });

  it('links the docs from the README', () => {
    expect(readFileSync(`${root}/README.md`, 'utf8')).toContain('](docs/README.md)');
  });
});

describe('the link checker', () => {
  it('flags links outside the repository, missing files and missing headings', () => {
    const text = [
      'See [design](../outside/DESIGN.md), [gone](docs/nothing-here.md), [bad anchor](README.md#no-such-heading).',
      '[ok](docs/README.md) [web](https://example.org/x) [here](#the-checker)',
      '```',
      '[in code](../outside.md)',
      '```',
      '## The checker',
      '[ref]: ../../elsewhere.md',
    ].join('\n');
    const reasons = badLinks(root, 'README.md', text).map((link) => [link.target, link.reason]);
    expect(reasons).toEqual([
      ['../outside/DESIGN.md', 'outside the repository'],
      ['docs/nothing-here.md', 'no such file'],
      ['README.md#no-such-heading', 'no heading #no-such-heading'],
      ['../../elsewhere.md', 'outside the repository'],
    ]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(headingSlug('How an import runs (the bulk engine, src/bulk/)')).toBe('how-an-import-runs-the-bulk-engine-srcbulk');
  });
});
