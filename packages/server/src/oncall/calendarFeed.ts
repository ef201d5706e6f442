import ICAL from 'ical.js';
import type { LanguageCode } from '@varde/core/contract';

/** One shift in a feed: whose, in which schedule, when. */
export interface FeedShift {
  scheduleId: string;
  scheduleName: string;
  userUid: string;
  /** The person's name as people read it (e-mail when no name is known). */
  person: string;
  from: number;
  to: number;
}

const TEXTS: Record<LanguageCode, { onCall: string; mine: string; description: (schedule: string, person: string) => string }> = {
  en: { onCall: 'On call', mine: 'My on-call shifts', description: (schedule, person) => `${person} is on call in the schedule ${schedule}.` },
  no: { onCall: 'Vakt', mine: 'Mine vakter', description: (schedule, person) => `${person} har vakt i vaktplanen ${schedule}.` },
  se: { onCall: 'Jour', mine: 'Mina jourpass', description: (schedule, person) => `${person} har jour i jourschemat ${schedule}.` },
};

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/**
 * An RFC 5545 calendar of shifts, written by ical.js (folding, escaping, CRLF are its): each shift is an
 * event named after the schedule and the person ("Driftsvakt Fjordvarme: Vakt, Ulla User"), in UTC, with
 * a UID that stays the same for the same shift so that calendar apps update rather than duplicate.
 */
export function calendarFeed(options: { name: string; language: LanguageCode; now: number; shifts: FeedShift[] }): string {
  const texts = TEXTS[options.language];
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Varde//On call//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  calendar.updatePropertyWithValue('x-wr-calname', options.name);
  for (const shift of options.shifts) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', `${shift.scheduleId}-${shift.userUid}-${shift.from}@oncall.varde`);
    event.updatePropertyWithValue('dtstamp', utc(options.now));
    event.updatePropertyWithValue('dtstart', utc(shift.from));
    event.updatePropertyWithValue('dtend', utc(shift.to));
    event.updatePropertyWithValue('summary', `${shift.scheduleName}: ${texts.onCall}, ${shift.person}`);
    event.updatePropertyWithValue('description', texts.description(shift.scheduleName, shift.person));
    event.updatePropertyWithValue('transp', 'TRANSPARENT');
    calendar.addSubcomponent(event);
  }
  return calendar.toString() + '\r\n';
}

export const myShiftsTitle = (language: LanguageCode) => TEXTS[language].mine;
