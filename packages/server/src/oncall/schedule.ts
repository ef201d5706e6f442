import type { Layer } from './recurrence.js';

/** Someone on call instead of every layer, for a while: [from, to) in ms since the epoch. */
export interface Override {
  userUid: string;
  from: number;
  to: number;
}

/** A partner's on-call schedule: layers (rotations, a later one wins where they overlap) and overrides (win over every layer). */
export interface Schedule {
  id: string;
  partner: string;
  name: string;
  /** IANA time zone the layers' wall-clock times are in. */
  timeZone: string;
  /** The sites it covers; null: every site of the partner. */
  sites: string[] | null;
  layers: Layer[];
  overrides: Override[];
  /**
   * People of its layers and overrides whose accounts are disabled (leavers, whether a directory or an admin
   * disabled them): they hold no turn, and whoever the schedule has next takes it (oncall/whoIsOnCall.ts).
   */
  away?: readonly string[];
  createdAt: number;
  updatedAt: number;
}

export type { Layer };
