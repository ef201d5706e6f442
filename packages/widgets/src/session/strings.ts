import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-session>; the form's own texts come from core's `login` and `session` namespaces. */
export const sessionStrings = widgetStrings('sessionWidget', {
  en: {
    loading: 'Checking sign-in…',
    signedOut: 'Not signed in',
    signedInAs: 'Signed in as {{name}}',
    signIn: 'Sign in',
    cancel: 'Cancel',
    configError: 'The sign-in is not set up correctly: {{message}}',
    tokensRejected: 'The access tokens could not be used.',
  },
  no: {
    loading: 'Sjekker innlogging…',
    signedOut: 'Ikke logget inn',
    signedInAs: 'Logget inn som {{name}}',
    signIn: 'Logg inn',
    cancel: 'Avbryt',
    configError: 'Innloggingen er ikke satt opp riktig: {{message}}',
    tokensRejected: 'Tilgangstokenene kunne ikke brukes.',
  },
  se: {
    loading: 'Kontrollerar inloggning…',
    signedOut: 'Inte inloggad',
    signedInAs: 'Inloggad som {{name}}',
    signIn: 'Logga in',
    cancel: 'Avbryt',
    configError: 'Inloggningen är inte korrekt inställd: {{message}}',
    tokensRejected: 'Åtkomsttokenen kunde inte användas.',
  },
});
