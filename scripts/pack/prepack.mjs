// `npm pack` runs this in the folder of a published package (its "prepack" script): it checks the build is
// there, copies the repository's LICENSE and CHANGELOG.md in, and adds what that package ships beyond its
// build (declarations, the widgets' manifests, the cloud's portal and bundles). postpack.mjs removes the copies.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './declarations.mjs';
import { packSteps } from './packSteps.mjs';

const packageDir = process.cwd();
const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const step = packSteps[name];
if (!step) throw new Error(`prepack: ${name} is not a published package`);

for (const built of step.built) {
  if (!existsSync(join(packageDir, built))) {
    process.stderr.write(`prepack ${name}: ${built} is missing; run \`npm run build\` in the repository first\n`);
    process.exit(1);
  }
}
for (const file of ['LICENSE', 'CHANGELOG.md']) copyFileSync(join(repoRoot, file), join(packageDir, file));
await step.prepare(packageDir);
