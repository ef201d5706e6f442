/**
 * Writes the demo building's two IFC models to a folder (default: ./demo-ifc), e.g. to open them in
 * another IFC viewer. The reference cloud builds the same text in memory at start, so nothing here
 * must be run for the server to serve them.
 *   npx tsx packages/server/scripts/generateDemoIfc.ts [OUT_DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { demoBuilding } from '../src/bim/ifc/demoBuilding.js';
import { writeDemoIfc, type Discipline } from '../src/bim/ifc/ifcWriter.js';

const outDir = resolve(process.argv[2] ?? 'demo-ifc');
mkdirSync(outDir, { recursive: true });
const building = demoBuilding();
for (const discipline of ['architecture', 'technical'] as Discipline[]) {
  const file = join(outDir, `${building.projectName}-${discipline}.ifc`);
  writeFileSync(file, writeDemoIfc(building, discipline));
  console.log(file);
}
