// The licence texts of the registry packages an esbuild bundle contains, for a file shipped beside the
// bundle: their licences (MIT and the like) ask that copies keep the notice, and a bundle is a copy.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Licences whose text may be linked when a package names it in package.json but ships no licence file
 * (firebase's @firebase/* packages: "Apache-2.0"; @r2wc/*: "MIT"). A package without one naming any
 * other licence fails the build, so its notice is looked at before it ships.
 */
const LINKED_LICENCE_TEXTS = {
  'Apache-2.0': 'https://www.apache.org/licenses/LICENSE-2.0.txt',
  MIT: 'https://opensource.org/license/mit',
};

/** The folder of each package under node_modules that code in the bundle comes from (tree-shaken inputs left out). */
function bundledPackageDirs(builds) {
  const dirs = new Set();
  for (const { metafile, workingDir } of builds) {
    for (const output of Object.values(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        // A plugin's namespace may come first (`raw-text:/…/node_modules/…`, the widgets' CSS as text).
        const match = input.replace(/^[\w-]+:/, '').match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//);
        if (match && bytesInOutput > 0) dirs.add(resolve(workingDir, match[1]));
      }
    }
  }
  return [...dirs].sort();
}

function licenceText(dir, manifest) {
  // LICENSE, LICENCE.md, COPYING; also a licence's name before it (leaflet.markercluster's MIT-LICENCE.txt).
  const file = readdirSync(dir).find((name) => /^(\w+-)?(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  if (file) return readFileSync(join(dir, file), 'utf8').trim();
  const link = LINKED_LICENCE_TEXTS[manifest.license];
  if (!link) throw new Error(`${dir} holds no LICENSE file: its notice cannot be shipped with the bundle`);
  // Apache-2.0 asks that a NOTICE file, when the package has one, travels with the copy.
  const notice = ['NOTICE', 'NOTICE.txt', 'NOTICE.md'].map((name) => join(dir, name)).find((path) => existsSync(path));
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  return [
    `${manifest.name} ships no licence file; its package.json names ${manifest.license}, whose text is ${link}` +
      (author ? ` (author: ${author})` : ''),
    ...(notice ? [readFileSync(notice, 'utf8').trim()] : []),
  ].join('\n\n');
}

/**
 * Markdown naming each package the builds bundled (name, version, licence) with its licence text (or, for a
 * package without one, a link to the text of the licence it names). `builds`: esbuild metafiles, each with
 * the folder esbuild ran in (metafile inputs are relative to it); `name`: what ships, as the file says it.
 */
export function bundledLicensesOf(builds, name) {
  const sections = bundledPackageDirs(builds).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return `## ${manifest.name} ${manifest.version} (${manifest.license})\n\n${licenceText(dir, manifest)}\n`;
  });
  return `# Third-party code in ${name}\n\n${name} contains these packages from the npm registry, under their own licences.\n\n${sections.join('\n')}`;
}

/** The same for one bundle (the CLI's dist/varde.js). */
export function bundledLicenses(metafile, workingDir, bundleName) {
  return bundledLicensesOf([{ metafile, workingDir }], bundleName);
}
