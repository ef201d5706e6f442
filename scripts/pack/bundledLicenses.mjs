// The licence texts of the registry packages an esbuild bundle contains, for a file shipped beside the
// bundle: their licences (MIT and the like) ask that copies keep the notice, and a bundle is a copy.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder of each package under node_modules that code in the bundle comes from (tree-shaken inputs left out). */
function bundledPackageDirs(metafile, workingDir) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = input.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//);
      if (match && bytesInOutput > 0) dirs.add(resolve(workingDir, match[1]));
    }
  }
  return [...dirs].sort();
}

function licenceText(dir) {
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  if (!file) throw new Error(`${dir} holds no LICENSE file: its notice cannot be shipped with the bundle`);
  return readFileSync(join(dir, file), 'utf8').trim();
}

/**
 * Markdown naming each bundled package (name, version, licence) with its licence text. `workingDir` is
 * where esbuild ran (metafile inputs are relative to it).
 */
export function bundledLicenses(metafile, workingDir, bundleName) {
  const sections = bundledPackageDirs(metafile, workingDir).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return `## ${manifest.name} ${manifest.version} (${manifest.license})\n\n${licenceText(dir)}\n`;
  });
  return `# Third-party code in ${bundleName}\n\n${bundleName} contains these packages from the npm registry, under their own licences.\n\n${sections.join('\n')}`;
}
