// `varde completion bash|zsh|fish`: each script is run by its shell (Debian's bash, zsh and fish; test.sh
// installs zsh and fish) and asked what it completes after a few command lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { bashCompletion } from '../src/completion/bash.js';
import { completionTree } from '../src/completion/commandTree.js';
import { fishCompletion } from '../src/completion/fish.js';
import { zshCompletion } from '../src/completion/zsh.js';
import { createProgram } from '../src/program.js';
import { createHome, runVarde } from './helpers/runVarde.js';

const directory = mkdtempSync(join(tmpdir(), 'varde-completion-'));
const tree = completionTree(createProgram());
const topLevel = createProgram().commands.flatMap((command) => [command.name(), ...command.aliases()]);

function scriptFile(name: string, text: string): string {
  const file = join(directory, name);
  writeFileSync(file, text);
  return file;
}

/** What bash offers for the words (the last one is being typed). */
function bashOffers(script: string, words: string[]): string[] {
  const driver = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _varde_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['--norc', '-c', driver, 'bash', script, ...words], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** What zsh's completion function hands to _describe / compadd / _files (stubbed to print it). */
function zshOffers(script: string, words: string[]): string[] {
  const driver = [
    'compdef() { :; }',
    'source "$1"; shift',
    '_describe() { local name=${@[-1]}; print -rl -- ${(P)name}; }',
    'compadd() { local name=${@[-1]}; print -rl -- ${(P)name}; }',
    '_files() { print -r -- "<files>"; }',
    'words=("$@"); CURRENT=${#words}; _varde',
  ].join('\n');
  return execFileSync('zsh', ['-f', '-c', driver, 'zsh', script, ...words], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** What fish completes for the command line (`complete -C`), the words only. */
function fishOffers(script: string, line: string): string[] {
  return execFileSync('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', script, line], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('\t')[0]!);
}

describe('varde completion bash', () => {
  const script = scriptFile('varde.bash', bashCompletion(tree));

  it('offers every command of the program, then a group\'s subcommands, past global options and their values', () => {
    expect(bashOffers(script, ['varde', ''])).toEqual(topLevel);
    expect(bashOffers(script, ['varde', 'us'])).toEqual(['users']);
    expect(bashOffers(script, ['varde', '--cloud', 'http://127.0.0.1:1', 'users', 'im'])).toEqual(['import']);
    expect(bashOffers(script, ['varde', 'licenses', 'ver'])).toEqual(['verify']);
  });

  it("offers a command's options with the program's, an argument's choices, and leaves values to the shell", () => {
    expect(bashOffers(script, ['varde', 'users', 'import', '--dr'])).toEqual(['--dry-run']);
    expect(bashOffers(script, ['varde', 'login', '--'])).toEqual(expect.arrayContaining(['--user', '--password-stdin', '--cloud', '--profile', '--json']));
    expect(bashOffers(script, ['varde', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    // A value (a URL, a file name): nothing of ours, so bash's default completion (-o default) takes over.
    expect(bashOffers(script, ['varde', '--profile', ''])).toEqual([]);
  });

  it('is made from the command tree: a command added to the program is completed', () => {
    const program = new Command('varde').option('--cloud <url>');
    program.command('reports').description('Reports').command('weekly').option('--since <date>');
    const added = scriptFile('added.bash', bashCompletion(completionTree(program)));
    expect(bashOffers(added, ['varde', 'rep'])).toEqual(['reports']);
    expect(bashOffers(added, ['varde', 'reports', 'w'])).toEqual(['weekly']);
    expect(bashOffers(added, ['varde', 'reports', 'weekly', '--s'])).toEqual(['--since']);
  });

  it('is what the built varde prints', async () => {
    const result = await runVarde(createHome('http://127.0.0.1:1'), ['completion', 'bash']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(bashCompletion(tree));
    expect((await runVarde(createHome('http://127.0.0.1:1'), ['completion', 'tcsh'])).code).toBe(2);
  });
});

describe('varde completion zsh', () => {
  let script: string;
  beforeAll(() => {
    script = scriptFile('varde.zsh', zshCompletion(tree));
  });

  it('describes commands and options, and offers files for a value', () => {
    expect(zshOffers(script, ['varde', ''])).toContain('users:List, create, change, grant to, delete, import and export users');
    expect(zshOffers(script, ['varde', '--json', 'users', 'im']).map((entry) => entry.split(':')[0])).toEqual(tree.root.commands.find((c) => c.names[0] === 'users')!.commands.flatMap((c) => c.names));
    expect(zshOffers(script, ['varde', 'users', 'import', '--d'])).toContain('--dry-run:print the plan (create / update / unchanged) against the live cloud; write nothing');
    expect(zshOffers(script, ['varde', 'completion', ''])).toEqual(['bash:bash', 'zsh:zsh', 'fish:fish']);
    expect(zshOffers(script, ['varde', 'users', 'import', '--journal', ''])).toEqual(['<files>']);
  });
});

describe('varde completion fish', () => {
  let script: string;
  beforeAll(() => {
    script = scriptFile('varde.fish', fishCompletion(tree));
  });

  it('completes commands, subcommands and options where they apply', () => {
    expect(fishOffers(script, 'varde ')).toEqual(expect.arrayContaining(topLevel));
    expect(fishOffers(script, 'varde us')).toEqual(['users']);
    expect(fishOffers(script, 'varde --cloud http://127.0.0.1:1 users im')).toEqual(['import']);
    expect(fishOffers(script, 'varde users import --dr')).toEqual(['--dry-run']);
    expect(fishOffers(script, 'varde completion ')).toEqual(['bash', 'fish', 'zsh']);
  });
});
