/**
 * Alarm class colours. In lists (and the site list's alarm summary): A red, B blue-ish, C cyan;
 * on the map: A red, B orange, any other class yellow. Unknown classes fall back to A's red in lists.
 */
export const ALARM_CLASS_COLORS = { A: '#d32f2f', B: '#3f6fd8', C: '#00acc1' } as const;
export const ALARM_MARKER_COLORS = { A: '#d32f2f', B: '#f57c00', other: '#fbc02d' } as const;

export function alarmClassColor(alarmGroup: string): string {
  return ALARM_CLASS_COLORS[alarmGroup.trim().toUpperCase() as keyof typeof ALARM_CLASS_COLORS] ?? ALARM_CLASS_COLORS.A;
}

export function alarmMarkerColor(alarmGroup: string): string {
  const group = alarmGroup.trim().toUpperCase();
  if (group === 'A') return ALARM_MARKER_COLORS.A;
  if (group === 'B') return ALARM_MARKER_COLORS.B;
  return ALARM_MARKER_COLORS.other;
}

/** A before B before C before anything else: the most severe class of a set. */
export function alarmClassRank(alarmGroup: string): number {
  const index = ['A', 'B', 'C'].indexOf(alarmGroup.trim().toUpperCase());
  return index === -1 ? 3 : index;
}
