/**
 * Alarm class colours, one per class everywhere (list, site summary, cards, map markers and clusters):
 * A red, B orange, C yellow; any other class as C. Operators learn one code, and the map and the list
 * never disagree (issue 16). Text on a class colour: white on red, near-black on orange and yellow.
 */
export const ALARM_CLASS_COLORS = { A: '#d32f2f', B: '#f57c00', C: '#fbc02d' } as const;
/** The map legend's entries: A, B and "other" (C and any class a controller invents). */
export const ALARM_MARKER_COLORS = { A: ALARM_CLASS_COLORS.A, B: ALARM_CLASS_COLORS.B, other: ALARM_CLASS_COLORS.C } as const;

export function alarmClassColor(alarmGroup: string): string {
  return ALARM_CLASS_COLORS[alarmGroup.trim().toUpperCase() as keyof typeof ALARM_CLASS_COLORS] ?? ALARM_CLASS_COLORS.C;
}

/** The same colour (kept as its own name for the map's callers). */
export const alarmMarkerColor = alarmClassColor;

/** Readable text on a class colour (WCAG AA on each). */
export function alarmClassTextColor(alarmGroup: string): string {
  return alarmGroup.trim().toUpperCase() === 'A' ? '#ffffff' : '#1b1b1b';
}

/** A before B before C before anything else: the most severe class of a set. */
export function alarmClassRank(alarmGroup: string): number {
  const index = ['A', 'B', 'C'].indexOf(alarmGroup.trim().toUpperCase());
  return index === -1 ? 3 : index;
}
