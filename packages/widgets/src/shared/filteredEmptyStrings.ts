import { widgetStrings } from './widgetStrings.js';

/**
 * One wording wherever a search or filter hides everything (issue 37, item 2): it names the search and
 * how much it hides, never reads as "nothing is wrong". Used by the alarm table and the rule editor.
 */
export const filteredEmptyStrings = widgetStrings('filteredEmpty', {
  en: {
    alarmsSearch_one: 'No alarms match “{{search}}” — {{count}} active alarm is hidden by the search.',
    alarmsSearch_other: 'No alarms match “{{search}}” — {{count}} active alarms are hidden by the search.',
    alarmsFilter_one: 'No alarms match the filters — {{count}} alarm is hidden by them.',
    alarmsFilter_other: 'No alarms match the filters — {{count}} alarms are hidden by them.',
    sitesSearch_one: 'No sites match “{{search}}” — {{count}} site is hidden by the search.',
    sitesSearch_other: 'No sites match “{{search}}” — {{count}} sites are hidden by the search.',
    clearSearch: 'Clear the search',
    clearFilters: 'Clear the filters',
  },
  no: {
    alarmsSearch_one: 'Ingen alarmer passer «{{search}}» — {{count}} aktiv alarm er skjult av søket.',
    alarmsSearch_other: 'Ingen alarmer passer «{{search}}» — {{count}} aktive alarmer er skjult av søket.',
    alarmsFilter_one: 'Ingen alarmer passer filtrene — {{count}} alarm er skjult av dem.',
    alarmsFilter_other: 'Ingen alarmer passer filtrene — {{count}} alarmer er skjult av dem.',
    sitesSearch_one: 'Ingen anlegg passer «{{search}}» — {{count}} anlegg er skjult av søket.',
    sitesSearch_other: 'Ingen anlegg passer «{{search}}» — {{count}} anlegg er skjult av søket.',
    clearSearch: 'Tøm søket',
    clearFilters: 'Nullstill filtrene',
  },
  se: {
    alarmsSearch_one: 'Inga larm matchar ”{{search}}” — {{count}} aktivt larm döljs av sökningen.',
    alarmsSearch_other: 'Inga larm matchar ”{{search}}” — {{count}} aktiva larm döljs av sökningen.',
    alarmsFilter_one: 'Inga larm matchar filtren — {{count}} larm döljs av dem.',
    alarmsFilter_other: 'Inga larm matchar filtren — {{count}} larm döljs av dem.',
    sitesSearch_one: 'Inga anläggningar matchar ”{{search}}” — {{count}} anläggning döljs av sökningen.',
    sitesSearch_other: 'Inga anläggningar matchar ”{{search}}” — {{count}} anläggningar döljs av sökningen.',
    clearSearch: 'Töm sökningen',
    clearFilters: 'Återställ filtren',
  },
});
