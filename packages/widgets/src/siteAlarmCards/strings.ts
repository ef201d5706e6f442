import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-site-alarm-cards>. */
export const siteAlarmCardsStrings = widgetStrings('siteAlarmCardsWidget', {
  en: {
    label: 'Sites with active alarms',
    title_one: '{{count}} site with active alarms, acknowledged or not',
    title_other: '{{count}} sites with active alarms, acknowledged or not',
    activeCount: 'Active alarms: {{count}}',
    latestTag: 'Latest: {{tag}}',
    none: 'No site has active alarms.',
    signedOut: 'Sign in to see the sites with active alarms.',
    openSite: 'Open site',
  },
  no: {
    label: 'Anlegg med aktive alarmer',
    title_one: '{{count}} anlegg med aktive alarmer, kvittert eller ikke',
    title_other: '{{count}} anlegg med aktive alarmer, kvittert eller ikke',
    activeCount: 'Aktive alarmer: {{count}}',
    latestTag: 'Siste: {{tag}}',
    none: 'Ingen anlegg har aktive alarmer.',
    signedOut: 'Logg inn for å se anleggene med aktive alarmer.',
    openSite: 'Åpne anlegg',
  },
  se: {
    label: 'Anläggningar med aktiva larm',
    title_one: '{{count}} anläggning med aktiva larm, kvitterade eller inte',
    title_other: '{{count}} anläggningar med aktiva larm, kvitterade eller inte',
    activeCount: 'Aktiva larm: {{count}}',
    latestTag: 'Senaste: {{tag}}',
    none: 'Ingen anläggning har aktiva larm.',
    signedOut: 'Logga in för att se anläggningarna med aktiva larm.',
    openSite: 'Öppna anläggning',
  },
});
