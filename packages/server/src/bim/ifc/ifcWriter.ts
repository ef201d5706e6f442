import type { Box, DemoBuilding, DemoProduct, DemoStorey } from './demoBuilding.js';
import { stableIfcGlobalId } from './ifcGlobalId.js';

/** The demo building is split in two models, as real projects split disciplines into layers. */
export type Discipline = 'architecture' | 'technical';

/** IFC STEP string literal: quotes doubled; non-ASCII as \X2\ UTF-16 hex, as ISO 10303-21 wants. */
function str(text: string): string {
  let out = '';
  for (const char of text.replace(/'/g, "''")) {
    const code = char.codePointAt(0)!;
    out += code < 128 ? char : `\\X2\\${code.toString(16).toUpperCase().padStart(4, '0')}\\X0\\`;
  }
  return `'${out}'`;
}

function real(value: number): string {
  const text = String(Math.round(value * 1000) / 1000);
  return text.includes('.') || text.includes('e') ? text : `${text}.`;
}

/** Writes numbered STEP entities and remembers their ids. */
class StepWriter {
  private lines: string[] = [];
  private next = 1;

  add(entity: string): string {
    const ref = `#${this.next}`;
    this.next += 1;
    this.lines.push(`${ref}=${entity};`);
    return ref;
  }

  data(): string {
    return this.lines.join('\n');
  }
}

function placement(step: StepWriter, relativeTo: string | null, x: number, y: number, z: number): string {
  const point = step.add(`IFCCARTESIANPOINT((${real(x)},${real(y)},${real(z)}))`);
  const axes = step.add(`IFCAXIS2PLACEMENT3D(${point},$,$)`);
  return step.add(`IFCLOCALPLACEMENT(${relativeTo ?? '$'},${axes})`);
}

/** A box as an extruded rectangle, placed at the box's centre (the profile is centred on its origin). */
function boxShape(step: StepWriter, context: string, box: Box): string {
  // The profile's position is optional in IFC4, but web-ifc logs an error without one.
  const centre = step.add('IFCCARTESIANPOINT((0.,0.))');
  const profilePosition = step.add(`IFCAXIS2PLACEMENT2D(${centre},$)`);
  const profile = step.add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,${profilePosition},${real(box.width)},${real(box.depth)})`);
  const origin = step.add('IFCCARTESIANPOINT((0.,0.,0.))');
  const position = step.add(`IFCAXIS2PLACEMENT3D(${origin},$,$)`);
  const up = step.add('IFCDIRECTION((0.,0.,1.))');
  const solid = step.add(`IFCEXTRUDEDAREASOLID(${profile},${position},${up},${real(box.height)})`);
  const body = step.add(`IFCSHAPEREPRESENTATION(${context},'Body','SweptSolid',(${solid}))`);
  return step.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${body}))`);
}

function productPlacement(step: StepWriter, storeyPlacement: string, box: Box): string {
  return placement(step, storeyPlacement, box.x + box.width / 2, box.y + box.depth / 2, box.z);
}

function relationId(kind: string, owner: string, discipline: Discipline): string {
  return stableIfcGlobalId(`rel:${kind}:${owner}:${discipline}`);
}

function storeyContents(step: StepWriter, context: string, level: DemoStorey, at: string, discipline: Discipline) {
  const contained: string[] = [];
  const spaces: string[] = [];
  const product = (entity: string, item: DemoProduct, tail: string) => {
    const shape = boxShape(step, context, item.box);
    const where = productPlacement(step, at, item.box);
    return step.add(`${entity}(${str(item.globalId)},$,${str(item.name)},${str(item.description)},$,${where},${shape},${tail})`);
  };
  if (discipline === 'architecture') {
    contained.push(product('IFCSLAB', level.slab, '$,.FLOOR.'));
    for (const space of level.spaces) spaces.push(product('IFCSPACE', space, `${str(space.description)},.ELEMENT.,.INTERNAL.,$`));
  } else {
    for (const item of level.equipment) contained.push(product(item.ifcClass, item, `${str(item.tag)},.${item.predefinedType}.`));
  }
  return { contained, spaces };
}

/**
 * The demo building as IFC4 STEP text for one discipline. Both models share the project, site,
 * building and storeys (same GlobalIds), as federated models do. Deterministic: same text each run.
 */
export function writeDemoIfc(building: DemoBuilding, discipline: Discipline): string {
  const step = new StepWriter();
  const origin = step.add('IFCCARTESIANPOINT((0.,0.,0.))');
  const worldAxes = step.add(`IFCAXIS2PLACEMENT3D(${origin},$,$)`);
  const context = step.add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,${worldAxes},$)`);
  const metre = step.add('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)');
  const units = step.add(`IFCUNITASSIGNMENT((${metre}))`);
  const project = step.add(
    `IFCPROJECT(${str(building.projectGlobalId)},$,${str(building.projectName)},$,$,$,$,(${context}),${units})`,
  );
  const sitePlacement = placement(step, null, 0, 0, 0);
  const site = step.add(`IFCSITE(${str(building.siteGlobalId)},$,'Tomt',$,$,${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`);
  const buildingPlacement = placement(step, sitePlacement, 0, 0, 0);
  const buildingRef = step.add(
    `IFCBUILDING(${str(building.buildingGlobalId)},$,${str(building.name)},$,$,${buildingPlacement},$,$,.ELEMENT.,$,$,$)`,
  );
  step.add(`IFCRELAGGREGATES(${str(relationId('project', 'site', discipline))},$,$,$,${project},(${site}))`);
  step.add(`IFCRELAGGREGATES(${str(relationId('site', 'building', discipline))},$,$,$,${site},(${buildingRef}))`);
  const storeys: string[] = [];
  for (const level of building.storeys) {
    const at = placement(step, buildingPlacement, 0, 0, level.elevation);
    const storeyRef = step.add(
      `IFCBUILDINGSTOREY(${str(level.globalId)},$,${str(level.name)},$,$,${at},$,$,.ELEMENT.,${real(level.elevation)})`,
    );
    storeys.push(storeyRef);
    const { contained, spaces } = storeyContents(step, context, level, at, discipline);
    if (contained.length > 0) {
      step.add(`IFCRELCONTAINEDINSPATIALSTRUCTURE(${str(relationId('contains', level.globalId, discipline))},$,$,$,(${contained.join(',')}),${storeyRef})`);
    }
    if (spaces.length > 0) {
      step.add(`IFCRELAGGREGATES(${str(relationId('spaces', level.globalId, discipline))},$,$,$,${storeyRef},(${spaces.join(',')}))`);
    }
  }
  step.add(`IFCRELAGGREGATES(${str(relationId('building', 'storeys', discipline))},$,$,$,${buildingRef},(${storeys.join(',')}))`);

  const fileName = `${building.projectName}-${discipline}.ifc`;
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    `FILE_NAME(${str(fileName)},'2026-01-01T00:00:00',('Varde'),('Varde'),'varde demo IFC generator','varde','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    step.data(),
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
