// Packs @varde/core, @varde/widgets, @varde/cli and @varde/server as `npm pack` does, installs them from the
// tarballs (and the registry for everything else) into a temporary folder outside the repository, and runs
// them there: `varde` installed globally, `varde-cloud` serving the portal and the element bundles it
// ships, and examples/npm-app type-checked with tsc --strict without skipLibCheck (TypeScript 5.9 and the
// current major, 7), each entry of @varde/widgets alone too, built with esbuild and signed in with in
// Chromium; the app's production node_modules are weighed. Needs `npm run build` first (scripts/test.sh runs it).
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../bench/cloudProcess.mjs';
import { packagesInSourceMaps, packagesNamedIn } from './bundledPackages.js';
import { writeEntryProbes } from './consumerTypes.js';
import { freePort, startInstalledCloud, type InstalledCloud } from './installedCloud.js';
import { productionInstallBytes } from './installWeight.js';
import { INSTALL_FLAGS, mustRun, run } from './npm.js';
import { seedLocalPrebuilds } from './prebuilds.js';
import { chromiumLaunchOptions } from '../chromiumLaunch.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['core', 'widgets', 'cli', 'server'] as const;
type PackageKey = (typeof PACKAGES)[number];
const DEMO_PASSWORD = 'demo1234';
/** The current major of TypeScript, beside the 5.9 the app pins: the shipped declarations must compile with both. */
const CURRENT_TYPESCRIPT = 'typescript@^7.0.2';
/** Issue 38: `npm install @varde/core @varde/widgets` for an app with the site list and the alarm table. */
const INSTALL_BUDGET_MB = 60;

/** The environment of a user's shell: none of the npm_* variables `npm test` sets for its scripts. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$/i.test(name)));
  return { ...env, ...extra };
}

let work: { path: string; remove(): void };
let tarballs: Record<PackageKey, string>;
let app: string;
let varde: string;
let tscs: { name: string; bin: string }[];
let home: NodeJS.ProcessEnv;
let cloud: InstalledCloud;
let browser: Browser;
const timings: string[] = [];

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

beforeAll(async () => {
  work = tempFolder('varde-pack-');
  expect(work.path.startsWith(repoRoot)).toBe(false);
  const packDir = join(work.path, 'tarballs');
  mkdirSync(packDir);
  await timed('npm pack', () =>
    mustRun('npm', ['pack', ...PACKAGES.flatMap((name) => ['-w', `packages/${name}`]), '--pack-destination', packDir], { cwd: repoRoot, env: userEnv() }),
  );
  const files = readdirSync(packDir);
  tarballs = Object.fromEntries(PACKAGES.map((name) => [name, join(packDir, files.find((file) => file.startsWith(`varde-${name}-`))!)])) as Record<PackageKey, string>;

  // The app, copied out of the repository, takes @varde/* from the tarballs instead of the registry.
  app = join(work.path, 'npm-app');
  cpSync(join(repoRoot, 'examples/npm-app'), app, { recursive: true, filter: (source) => !/\/(node_modules|dist)(\/|$)/.test(source) });
  const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  appPackage.dependencies['@varde/core'] = `file:${tarballs.core}`;
  appPackage.dependencies['@varde/widgets'] = `file:${tarballs.widgets}`;
  appPackage.devDependencies['@varde/server'] = `file:${tarballs.server}`;
  writeFileSync(join(app, 'package.json'), JSON.stringify(appPackage, null, 2));

  const env = userEnv(seedLocalPrebuilds(repoRoot, join(work.path, 'prebuilds')));
  const globalPrefix = join(work.path, 'global');
  await timed('npm install (global varde, and the app with core, widgets and server)', () =>
    Promise.all([
      mustRun('npm', ['install', '--global', '--prefix', globalPrefix, tarballs.cli, ...INSTALL_FLAGS], { cwd: work.path, env }),
      mustRun('npm', ['install', ...INSTALL_FLAGS], { cwd: app, env }),
      mustRun('npm', ['install', '--prefix', join(work.path, 'typescript-current'), CURRENT_TYPESCRIPT, ...INSTALL_FLAGS], { cwd: work.path, env }),
    ]),
  );
  tscs = [
    { name: 'TypeScript 5.9', bin: join(app, 'node_modules/typescript/bin/tsc') },
    { name: 'TypeScript 7', bin: join(work.path, 'typescript-current/node_modules/typescript/bin/tsc') },
  ];
  varde = join(globalPrefix, 'bin', 'varde');
  home = userEnv({ HOME: join(work.path, 'home'), XDG_CONFIG_HOME: join(work.path, 'home', 'config') });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
  work?.remove();
  if (timings.length > 0) process.stdout.write(`packaging test: ${timings.join('; ')}\n`);
});

describe('the tarballs', () => {
  it('hold the built package, its licence, README and CHANGELOG, and no sources, tests or source maps', async () => {
    const manifests = [];
    for (const name of PACKAGES) {
      const listing = (await mustRun('tar', ['-tzf', tarballs[name]], { cwd: work.path })).stdout.split('\n').filter(Boolean);
      for (const file of ['package/package.json', 'package/README.md', 'package/LICENSE', 'package/CHANGELOG.md']) expect(listing, name).toContain(file);
      expect(listing.filter((file) => /^package\/(src|test)\//.test(file) || file.endsWith('.map')), name).toEqual([]);
      manifests.push(JSON.parse((await mustRun('tar', ['-xzOf', tarballs[name], 'package/package.json'], { cwd: work.path })).stdout));
    }
    // The CLI's bundle holds commander and zod: their licence texts ship beside it.
    const notices = (await mustRun('tar', ['-xzOf', tarballs.cli, 'package/dist/THIRD_PARTY_LICENSES.md'], { cwd: work.path })).stdout;
    for (const bundled of ['commander', 'zod']) expect(notices).toMatch(new RegExp(`^## ${bundled} [\\d.]+ \\(MIT\\)\\n\\n[^#]*Permission is hereby granted`, 'm'));
    // One version, a licence, an engine; published (not private); exports list types first.
    expect(new Set(manifests.map((manifest) => manifest.version)).size).toBe(1);
    for (const manifest of manifests) {
      expect(manifest).toMatchObject({ license: 'MIT', engines: { node: '>=20.19' } });
      expect(manifest.private).toBeUndefined();
      for (const target of Object.values(manifest.exports ?? {})) {
        if (typeof target === 'object' && target && 'types' in target) expect(Object.keys(target)[0]).toBe('types');
      }
    }
  });

  it('ship the licence notices of every package the host pages\' modules and the portal bundle', async () => {
    const shipped = [
      { tarball: tarballs.widgets, file: 'package/dist/elements/THIRD_PARTY_LICENSES.md', build: 'packages/widgets/dist/elements' },
      { tarball: tarballs.widgets, file: 'package/dist/THIRD_PARTY_LICENSES.md', build: 'packages/widgets/dist' },
      { tarball: tarballs.server, file: 'package/shipped/widgets/THIRD_PARTY_LICENSES.md', build: 'packages/widgets/dist/elements' },
      { tarball: tarballs.server, file: 'package/shipped/portal/THIRD_PARTY_LICENSES.md', build: 'packages/portal/dist' },
    ];
    for (const { tarball, file, build } of shipped) {
      const notices = (await mustRun('tar', ['-xzOf', tarball, file], { cwd: work.path })).stdout;
      const named = packagesNamedIn(notices);
      // dist/ holds the host pages' dist/elements/, which have a file of their own.
      const bundled = packagesInSourceMaps(join(repoRoot, build), build === 'packages/widgets/dist' ? /^elements\// : undefined);
      expect(bundled.size, build).toBeGreaterThan(0);
      expect([...bundled].filter((name) => !named.has(name)), file).toEqual([]);
    }
    const elements = (await mustRun('tar', ['-xzOf', tarballs.widgets, 'package/dist/elements/THIRD_PARTY_LICENSES.md'], { cwd: work.path })).stdout;
    const portal = (await mustRun('tar', ['-xzOf', tarballs.server, 'package/shipped/portal/THIRD_PARTY_LICENSES.md'], { cwd: work.path })).stdout;
    for (const notices of [elements, portal]) {
      // Shoelace, Leaflet and firebase in both; React in the portal, preact on host pages.
      for (const name of ['@shoelace-style/shoelace', 'leaflet', '@firebase/database', 'monaco-editor']) expect(packagesNamedIn(notices)).toContain(name);
      expect(notices).toMatch(/^## leaflet [\d.]+ \(BSD-2-Clause\)\n\n[^#]*Redistribution and use in source and binary forms/m);
      // firebase's packages name Apache-2.0 but ship no LICENSE file: the notice links the licence's text.
      expect(notices).toMatch(/^## @firebase\/database [\d.]+ \(Apache-2\.0\)\n\n[^\n]*https:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0\.txt/m);
    }
    expect(packagesNamedIn(portal)).toContain('react-dom');
    expect(packagesNamedIn(elements)).toContain('preact');
  });

  it('install as real folders from the tarballs, not links into the repository', () => {
    for (const name of ['core', 'widgets', 'server']) {
      const installed = join(app, 'node_modules/@varde', name);
      expect(lstatSync(installed).isSymbolicLink(), name).toBe(false);
      expect(existsSync(join(installed, 'src')), name).toBe(false);
    }
    // A devDependency of the widgets (their DOM for tests) is not installed with them.
    expect(existsSync(join(app, 'node_modules/happy-dom'))).toBe(false);
  });
});

describe('varde, installed globally', () => {
  it('prints its version, its help and a bash completion script', async () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8'));
    expect((await mustRun(varde, ['--version'], { cwd: work.path, env: home })).stdout.trim()).toBe(version);
    const help = (await mustRun(varde, ['--help'], { cwd: work.path, env: home })).stdout;
    for (const command of ['login', 'users', 'completion']) expect(help).toContain(command);
    const script = join(work.path, 'varde.bash');
    writeFileSync(script, (await mustRun(varde, ['completion', 'bash'], { cwd: work.path, env: home })).stdout);
    const offered = await mustRun('bash', ['--norc', '-c', 'source "$1"; COMP_WORDS=(varde us); COMP_CWORD=1; _varde_complete; echo "${COMPREPLY[*]}"', 'bash', script], { cwd: work.path });
    expect(offered.stdout.trim()).toBe('users');
  });
});

describe('varde-cloud, installed from its tarball', () => {
  it('starts with --memory --seed demo and serves the portal and the element bundles it ships', async () => {
    const port = await freePort();
    cloud = await timed('varde-cloud start', () =>
      startInstalledCloud(join(app, 'node_modules/.bin/varde-cloud'), ['--port', String(port), '--memory', '--seed', 'demo', '--simulation', 'off', '--static', `/app=${join(app, 'dist')}`], app),
    );
    expect(cloud.url).toBe(`http://localhost:${port}`);
    const portal = await fetch(`${cloud.url}/`, { headers: { accept: 'text/html' } });
    expect(portal.status).toBe(200);
    expect(await portal.text()).toMatch(/<div id="root"><\/div>[\s\S]*<script type="module" src="\/assets\/portal-/);
    const element = await fetch(`${cloud.url}/widgets/varde-site-list.js`);
    expect([element.status, element.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    // examples/index.html, not the portal's history fallback.
    expect(await (await fetch(`${cloud.url}/examples/`, { headers: { accept: 'text/html' } })).text()).toContain('<title>Varde host page examples</title>');
  });

  it('signs varde in: varde --cloud … login --user admin@varde.test --password-stdin', async () => {
    const cloudUrl = `http://127.0.0.1:${new URL(cloud.url).port}`;
    const login = await run(varde, ['--cloud', cloudUrl, 'login', '--user', 'admin@varde.test', '--password-stdin'], { cwd: work.path, env: home, input: `${DEMO_PASSWORD}\n` });
    expect(login).toMatchObject({ code: 0 });
    // Messages go to stderr (stdout is for data).
    expect(login.stderr).toContain(`Signed in to ${cloudUrl} as Anders Admin <admin@varde.test>`);
    const whoami = JSON.parse((await mustRun(varde, ['--cloud', cloudUrl, 'whoami', '--json'], { cwd: work.path, env: home })).stdout);
    expect(whoami.user.email).toBe('admin@varde.test');
  });
});

describe('custom-elements.json, as installed', () => {
  it('lists all 16 elements, each with its attributes and events', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/@varde/widgets/dist/custom-elements.json'), 'utf8'));
    const elements = manifest.modules.flatMap((module: { declarations: { customElement?: boolean }[] }) => module.declarations.filter((declaration) => declaration.customElement));
    expect(elements).toHaveLength(16);
    for (const element of elements) {
      expect(element.tagName).toMatch(/^varde-/);
      expect(Array.isArray(element.attributes)).toBe(true);
      expect(element.events.length, element.tagName).toBeGreaterThan(0);
    }
    expect(elements.find((element: { tagName: string }) => element.tagName === 'varde-site-list').attributes.map((attribute: { name: string }) => attribute.name)).toEqual([
      'list',
      'mobile-app',
      'status-host',
      'site-href',
    ]);
  });
});

describe('examples/npm-app, built from the installed packages', () => {
  it('installs light: react is a peer, and the code editor, 3D/IFC and the realtime SDK stay out', () => {
    const { bytes, packages } = productionInstallBytes(app);
    const megabytes = bytes / 1e6;
    timings.push(`production node_modules ${megabytes.toFixed(1)} MB in ${packages.length} packages (${packages.join(' ')})`);
    for (const heavy of ['monaco-editor', 'three', 'web-ifc', 'firebase', 'leaflet', 'world-atlas', '@shoelace-style/shoelace']) {
      expect(existsSync(join(app, 'node_modules', heavy)), heavy).toBe(false);
    }
    // One React: the app's own (a peer of the widgets, never a copy under them).
    expect(existsSync(join(app, 'node_modules/@varde/widgets/node_modules/react'))).toBe(false);
    expect(megabytes).toBeLessThan(INSTALL_BUDGET_MB);
  });

  it('compiles with tsc --strict and no skipLibCheck under TypeScript 5.9 and 7, and each entry alone', async () => {
    const probes = writeEntryProbes(app);
    for (const tsc of tscs) {
      await timed(`tsc (${tsc.name})`, async () => {
        for (const project of [join(app, 'tsconfig.json'), ...Object.values(probes).map((folder) => join(folder, 'tsconfig.json'))]) {
          const result = await run('node', [tsc.bin, '-p', project], { cwd: app, env: userEnv() });
          expect(result.stdout + result.stderr, `${tsc.name}: ${project}`).toBe('');
          expect(result.code).toBe(0);
        }
      });
    }
  }, 900_000);

  it('fails to compile with a misspelled property, a wrong event-detail field or an element module that does not exist', async () => {
    const wrong = join(app, 'src/wrong.tsx');
    writeFileSync(
      wrong,
      "import '@varde/widgets/elements/varde-site-list.js';\n" +
        "import '@varde/widgets/elements/varde-site-lists.js';\n" +
        'export const list = <varde-site-list siteHrf="#{uuid}" />;\n' +
        'export const opened = <varde-site-list onvarde-site-open={(event) => event.detail.siteUuid} />;\n',
    );
    const failures = [];
    for (const tsc of tscs) failures.push({ tsc, result: await run('node', [tsc.bin, '-p', 'tsconfig.json'], { cwd: app, env: userEnv() }) });
    rmSync(wrong);
    for (const { tsc, result } of failures) {
      expect(result.code, tsc.name).not.toBe(0);
      expect(result.stdout, tsc.name).toContain("Property 'siteHrf' does not exist on type 'VardeSiteListElementProps'. Did you mean 'siteHref'?");
      expect(result.stdout, tsc.name).toContain("Property 'siteUuid' does not exist on type 'SiteOpenDetail'.");
      expect(result.stdout, tsc.name).toMatch(/Cannot find module (or type declarations for side-effect import of )?'@varde\/widgets\/elements\/varde-site-lists\.js'/);
    }
  }, 600_000);

  it('bundles the React build with the optional peers not installed, marked external as docs/embedding.md says', async () => {
    const probe = join(app, 'typecheck/react-build.tsx');
    writeFileSync(probe, "import { SiteListWidget, AlarmTableWidget } from '@varde/widgets';\nexport const page = <><SiteListWidget /><AlarmTableWidget /></>;\n");
    const external = ['monaco-editor', 'three', 'web-ifc', 'firebase', 'leaflet', 'leaflet.markercluster', 'topojson-client', 'world-atlas', 'uplot'];
    const esbuild = join(app, 'node_modules/.bin/esbuild');
    const flags = [probe, '--bundle', '--format=esm', '--splitting', '--jsx=automatic', `--outdir=${join(work.path, 'react-build-out')}`];
    await mustRun(esbuild, [...flags, ...external.map((name) => `--external:${name}`)], { cwd: app, env: userEnv() });
    // Without the flags the bundler names what is missing (the map's chunk imports leaflet, say).
    const unmarked = await run(esbuild, flags, { cwd: app, env: userEnv() });
    expect(unmarked.code).not.toBe(0);
    expect(unmarked.stderr).toMatch(/Could not resolve "(monaco-editor|three|web-ifc|firebase|leaflet|topojson-client|world-atlas|uplot)/);
  });

  it('builds with esbuild', async () => {
    await mustRun('npm', ['run', 'build'], { cwd: app, env: userEnv() });
    expect(readdirSync(join(app, 'dist'))).toEqual(expect.arrayContaining(['index.html', 'main.js']));
  });

  it('signs in and shows the site list in Chromium', async () => {
    browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${cloud.url}/app/`);
    const session = page.locator('varde-session');
    await session.locator('[part="sign-in-button"]').click();
    await session.locator('[part="username-input"] input').fill('user@varde.test');
    await session.locator('[part="password-input"] input').fill(DEMO_PASSWORD);
    await session.locator('[part="password-input"] input').press('Enter');
    // The app's `onvarde-session-change` handler (React 19 JSX) saw the sign-in.
    await page.getByTestId('greeting').getByText('Signed in as Ulla User (User).').waitFor({ timeout: 20_000 });
    const rows = page.locator('varde-site-list [data-testid="site-row"]');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBeGreaterThan(3);
    // React set the element's property (it was defined first), which reflects to the attribute.
    expect(await page.locator('varde-site-list').evaluate((element) => [(element as HTMLElement & { siteHref?: string }).siteHref, element.getAttribute('site-href')])).toEqual(['#site={uuid}', '#site={uuid}']);
    mkdirSync(join(repoRoot, 'test-results/screens'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, 'test-results/screens/pack-npm-app.png') });
    expect(errors).toEqual([]);
  });
});

describe('the host-page bundles with SRI', () => {
  /** A page on the cloud's origin that loads <varde-site-list> with the hashes of the installed sri.json. */
  async function openWithIntegrity(page: Page, tamper: 'nothing' | 'modules'): Promise<boolean> {
    const sri = JSON.parse(readFileSync(join(app, 'node_modules/@varde/widgets/dist/elements/sri.json'), 'utf8'));
    const entry = sri.elements['varde-site-list'];
    const wrong = `sha384-${Buffer.alloc(48).toString('base64')}`;
    const integrity = Object.fromEntries(entry.modules.map((module: string) => [`${cloud.url}/widgets/${module}`, tamper === 'modules' ? wrong : sri.files[module]]));
    const html = `<!doctype html><script type="importmap">${JSON.stringify({ integrity })}</script>
      <script type="module" src="/widgets/varde-site-list.js" integrity="${entry.integrity}"></script><varde-site-list></varde-site-list>`;
    await page.route(`${cloud.url}/sri-check.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${cloud.url}/sri-check.html`);
    return page.evaluate(() => Promise.race([customElements.whenDefined('varde-site-list').then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000))]));
  }

  it('load with the hashes of sri.json, and not with a wrong one', async () => {
    browser ??= await chromium.launch(chromiumLaunchOptions);
    expect(await openWithIntegrity(await (await browser.newContext()).newPage(), 'nothing')).toBe(true);
    expect(await openWithIntegrity(await (await browser.newContext()).newPage(), 'modules')).toBe(false);
  });
});
