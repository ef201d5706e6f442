import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_DESCRIPTIONS } from '../src/exitCodes.js';
import { ENVIRONMENT_VARIABLES } from '../src/commands/help.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the README', () => {
  it('lists exactly the exit codes `varde help exit-codes` prints', () => {
    const rows = [...readme.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((match) => ({ code: Number(match[1]), meaning: match[2] }));
    expect(rows).toEqual(EXIT_CODE_DESCRIPTIONS.map(({ code, meaning }) => ({ code, meaning })));
  });

  it('names every environment variable `varde help environment` lists', () => {
    for (const { name } of ENVIRONMENT_VARIABLES) {
      for (const variable of name.split(', ')) expect(readme).toContain(`\`${variable}\``);
    }
  });
});
