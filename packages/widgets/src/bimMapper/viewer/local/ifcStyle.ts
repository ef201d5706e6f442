/** Colours by IFC class, shared by the 3D scene and the 2D plan. Spaces are see-through rooms. */

export interface ClassStyle {
  color: string;
  /** 1 is opaque. */
  opacity: number;
}

const STYLES: Record<string, ClassStyle> = {
  IfcSlab: { color: '#c9c4bb', opacity: 1 },
  IfcWall: { color: '#e4e0d8', opacity: 1 },
  IfcWallStandardCase: { color: '#e4e0d8', opacity: 1 },
  IfcSpace: { color: '#7fb8e0', opacity: 0.16 },
  IfcUnitaryEquipment: { color: '#e07b39', opacity: 1 },
  IfcAirTerminal: { color: '#2f8fcf', opacity: 1 },
  IfcSensor: { color: '#d63c4a', opacity: 1 },
};
const OTHER: ClassStyle = { color: '#8f9aa6', opacity: 1 };

export const HIGHLIGHT_COLOR = '#ffc400';

export function styleOf(ifcType: string): ClassStyle {
  return STYLES[ifcType] ?? OTHER;
}

/** Spaces are drawn see-through and only picked when nothing solid is in front of the click. */
export function isSpace(ifcType: string): boolean {
  return ifcType === 'IfcSpace';
}

/** Elements that bound rooms: a click through a room onto its floor picks the room, not the floor. */
export function isEnclosure(ifcType: string): boolean {
  return /^Ifc(Slab|Wall|WallStandardCase|Roof|Covering|CurtainWall|Plate|Window|Door)$/.test(ifcType);
}
