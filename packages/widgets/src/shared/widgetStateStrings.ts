import { widgetStrings } from './widgetStrings.js';

/** Texts of the shared widget states (WidgetState.tsx). */
export const widgetStateStrings = widgetStrings('widgetState', {
  en: {
    missingSite: 'the site {{site}} (ask your administrator for it)',
    signIn: 'Sign in',
    loading: 'Loading…',
    slow: 'This is taking long. The service may be busy or unreachable.',
    retry: 'Try again',
    failed: 'Could not load: {{detail}}',
    refused: 'You do not have access: {{missing}}.',
    stale: 'Showing what came {{age}}: {{reason}}. It updates by itself when the connection is back.',
  },
  no: {
    missingSite: 'anlegget {{site}} (be administratoren din om det)',
    signIn: 'Logg inn',
    loading: 'Laster…',
    slow: 'Dette tar lang tid. Tjenesten kan være opptatt eller utilgjengelig.',
    retry: 'Prøv igjen',
    failed: 'Kunne ikke hente: {{detail}}',
    refused: 'Du har ikke tilgang: {{missing}}.',
    stale: 'Viser det som kom {{age}}: {{reason}}. Oppdateres av seg selv når forbindelsen er tilbake.',
  },
  se: {
    missingSite: 'anläggningen {{site}} (be din administratör om den)',
    signIn: 'Logga in',
    loading: 'Laddar…',
    slow: 'Det här tar lång tid. Tjänsten kan vara upptagen eller onåbar.',
    retry: 'Försök igen',
    failed: 'Kunde inte hämta: {{detail}}',
    refused: 'Du har inte åtkomst: {{missing}}.',
    stale: 'Visar det som kom {{age}}: {{reason}}. Uppdateras av sig själv när anslutningen är tillbaka.',
  },
});
