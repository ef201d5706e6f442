// `npm pack` runs this after packing (the "postpack" script): removes what prepack.mjs copied in.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

for (const copied of ['LICENSE', 'CHANGELOG.md', 'shipped']) rmSync(join(process.cwd(), copied), { recursive: true, force: true });
