import { readdirSync, readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { chromiumLaunchOptions, DISABLED_FEATURES } from '../../chromiumLaunch.js';

/**
 * The suites' chromium (tests/chromiumLaunch.ts): Chromium keeps only the last `--disable-features`, so
 * ours must hold all of Playwright's list (a Playwright upgrade that adds to it fails here, naming what to
 * add), and a new context must not start the omnibox's WebUI renderer (`--top-chrome-webui`), which costs
 * a second of CPU per test.
 */
function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return []; // ended meanwhile
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** The command lines of every process below `root`, each as one text (a zygote's children rewrite theirs as one). */
function descendants(root: number): string[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  const below = (pid: number): boolean => {
    for (let parent = parentOf(pid); parent > 1; parent = parentOf(parent)) if (parent === root) return true;
    return false;
  };
  return pids.filter(below).map((pid) => commandLine(pid).join(' '));
}

test('the suites\' chromium keeps Playwright\'s disabled features, and a new context starts no omnibox WebUI', async () => {
  const server = await chromium.launchServer(chromiumLaunchOptions);
  try {
    const root = server.process().pid!;
    const featureSwitches = commandLine(root).filter((arg) => arg.startsWith('--disable-features='));
    // Playwright's own switch comes first, ours last; only the last counts.
    expect(featureSwitches.length, featureSwitches.join('\n')).toBeGreaterThanOrEqual(2);
    const listOf = (arg: string) => arg.slice('--disable-features='.length).split(',');
    const effective = listOf(featureSwitches.at(-1)!);
    const playwrights = featureSwitches.slice(0, -1).flatMap(listOf);
    expect(playwrights.filter((feature) => !effective.includes(feature)), 'Playwright disables these too: add them to tests/chromiumLaunch.ts').toEqual([]);
    expect(effective).toEqual(DISABLED_FEATURES);

    const browser = await chromium.connect(server.wsEndpoint());
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('about:blank');
    await expect.poll(() => descendants(root).filter((line) => line.includes('--type=renderer')).length).toBeGreaterThan(0);
    expect(descendants(root).filter((line) => line.includes('--top-chrome-webui'))).toEqual([]);
    await browser.close();
  } finally {
    await server.close();
  }
});
