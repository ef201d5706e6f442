import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-site-alarm-cards>. */
export const siteAlarmCardsStrings = widgetStrings('siteAlarmCardsWidget', {
  en: {
    label: 'Sites with active alarms',
    activeCount: 'Active alarms: {{count}}',
    latestTag: 'Latest: {{tag}}',
    none: 'No site has active alarms.',
    signedOut: 'Sign in to see the sites with active alarms.',
    openSite: 'Open site',
  },
  no: {
    label: 'Anlegg med aktive alarmer',
    activeCount: 'Aktive alarmer: {{count}}',
    latestTag: 'Siste: {{tag}}',
    none: 'Ingen anlegg har aktive alarmer.',
    signedOut: 'Logg inn for å se anleggene med aktive alarmer.',
    openSite: 'Åpne anlegg',
  },
  se: {
    label: 'Anläggningar med aktiva larm',
    activeCount: 'Aktiva larm: {{count}}',
    latestTag: 'Senaste: {{tag}}',
    none: 'Ingen anläggning har aktiva larm.',
    signedOut: 'Logga in för att se anläggningarna med aktiva larm.',
    openSite: 'Öppna anläggning',
  },
});
