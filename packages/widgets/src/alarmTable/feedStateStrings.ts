import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of the alarm feed's states, shared by the alarm table, the site alarm cards and the alarm map. */
export const feedStateStrings = widgetStrings('siteFeedState', {
  en: {
    connecting: 'Connecting to the sites…',
    missing: 'the alarms of your sites',
    staleCloud: 'the cloud does not answer',
    staleSites_one: '{{names}} does not answer',
    staleSites_other: '{{count}} sites do not answer: {{names}}',
  },
  no: {
    connecting: 'Kobler til anleggene…',
    missing: 'alarmene fra anleggene dine',
    staleCloud: 'skyen svarer ikke',
    staleSites_one: '{{names}} svarer ikke',
    staleSites_other: '{{count}} anlegg svarer ikke: {{names}}',
  },
  se: {
    connecting: 'Ansluter till anläggningarna…',
    missing: 'larmen från dina anläggningar',
    staleCloud: 'molnet svarar inte',
    staleSites_one: '{{names}} svarar inte',
    staleSites_other: '{{count}} anläggningar svarar inte: {{names}}',
  },
});
