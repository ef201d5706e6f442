import { stableIfcGlobalId } from './ifcGlobalId.js';

/** An axis-aligned box in metres: corner (x, y) on the storey floor, size, height above the floor. */
export interface Box {
  x: number;
  y: number;
  z: number;
  width: number;
  depth: number;
  height: number;
}

export type EquipmentClass = 'IFCUNITARYEQUIPMENT' | 'IFCAIRTERMINAL' | 'IFCSENSOR';

export interface DemoProduct {
  globalId: string;
  name: string;
  description: string;
  box: Box;
}
export interface DemoEquipment extends DemoProduct {
  ifcClass: EquipmentClass;
  predefinedType: string;
  /** The controller tag the seeded connections link this object to. */
  tag: string;
}
export interface DemoStorey {
  globalId: string;
  name: string;
  elevation: number;
  slab: DemoProduct;
  spaces: DemoProduct[];
  equipment: DemoEquipment[];
}
export interface DemoBuilding {
  name: string;
  projectGlobalId: string;
  projectName: string;
  siteGlobalId: string;
  buildingGlobalId: string;
  storeys: DemoStorey[];
}

/** The demo building's name: the building the seeded connections and the BIM project use. */
export const DEMO_BUILDING_NAME = 'Fjordheim kontorbygg';

const STOREY_HEIGHT = 3.5;
const FLOOR = { width: 24, depth: 12 };
const SLAB_THICKNESS = 0.3;
const ROOMS = ['Kontor', 'Møterom'] as const;

function id(text: string): string {
  return stableIfcGlobalId(`${DEMO_BUILDING_NAME}:${text}`);
}

function storey(level: number): DemoStorey {
  const code = `${level + 1}`;
  const spaces = ROOMS.map((room, index) => ({
    globalId: id(`space:${level}:${index}`),
    name: `${code}0${index + 1}`,
    description: `${room} ${code}. etasje`,
    box: { x: index * (FLOOR.width / 2), y: 0, z: 0, width: FLOOR.width / 2, depth: FLOOR.depth, height: STOREY_HEIGHT - SLAB_THICKNESS },
  }));
  const equipment: DemoEquipment[] = [];
  if (level === 0) {
    equipment.push({
      globalId: id('equipment:ahu'),
      name: 'LA01',
      description: 'Luftbehandlingsaggregat',
      ifcClass: 'IFCUNITARYEQUIPMENT',
      predefinedType: 'AIRHANDLER',
      tag: '360.001-LA01',
      box: { x: 20.5, y: 8.5, z: 0, width: 3, depth: 3, height: 2.2 },
    });
  }
  spaces.forEach((space, index) => {
    const room = space.box;
    equipment.push({
      globalId: id(`equipment:terminal:${level}:${index}`),
      name: `${space.name}-TV`,
      description: `Tilluftsventil rom ${space.name}`,
      ifcClass: 'IFCAIRTERMINAL',
      predefinedType: 'DIFFUSER',
      tag: `360.0${code}${index + 1}-JV01`,
      box: { x: room.x + room.width / 2 - 0.3, y: room.y + room.depth / 2 - 0.3, z: STOREY_HEIGHT - SLAB_THICKNESS - 0.25, width: 0.6, depth: 0.6, height: 0.25 },
    });
    equipment.push({
      globalId: id(`equipment:sensor:${level}:${index}`),
      name: `${space.name}-RT`,
      description: `Romtemperatur rom ${space.name}`,
      ifcClass: 'IFCSENSOR',
      predefinedType: 'TEMPERATURESENSOR',
      tag: `360.0${code}${index + 1}-RT01`,
      box: { x: room.x + 0.2, y: room.y + 1, z: 1.4, width: 0.1, depth: 0.3, height: 0.3 },
    });
  });
  return {
    globalId: id(`storey:${level}`),
    name: `${code}. etasje`,
    elevation: level * STOREY_HEIGHT,
    slab: {
      globalId: id(`slab:${level}`),
      name: `Dekke ${code}. etasje`,
      description: 'Betongdekke',
      box: { x: 0, y: 0, z: -SLAB_THICKNESS, width: FLOOR.width, depth: FLOOR.depth, height: SLAB_THICKNESS },
    },
    spaces,
    equipment,
  };
}

/** The demo building: 3 storeys, 2 spaces each, an air handler, an air terminal and a sensor per space. */
export function demoBuilding(): DemoBuilding {
  return {
    name: DEMO_BUILDING_NAME,
    projectGlobalId: id('project'),
    projectName: 'Fjordheim',
    siteGlobalId: id('site'),
    buildingGlobalId: id('building'),
    storeys: [0, 1, 2].map(storey),
  };
}

/** Every technical object of the building (the ones a controller tag is linked to). */
export function demoEquipment(building = demoBuilding()): DemoEquipment[] {
  return building.storeys.flatMap((level) => level.equipment);
}
