import { i18n } from '@varde/core';

/** The portal shell's own texts (namespace `portal`). */
const texts = {
  no: {
    redirecting: 'Sender deg til innlogging …',
    signInAgain: 'Logg inn',
    completingSignIn: 'Fullfører innlogging …',
    signingOut: 'Logger ut …',
    loading: 'Laster …',
    sites: 'Anlegg',
    noSites: 'Du har ingen anlegg.',
    signOut: 'Logg ut',
    online: 'Tilkoblet',
    offline: 'Frakoblet',
    unavailable: 'Utilgjengelig. Kontakt administrator.',
    loadFailed: 'Kunne ikke hente anlegg: {{message}}',
  },
  en: {
    redirecting: 'Taking you to sign-in …',
    signInAgain: 'Sign in',
    completingSignIn: 'Completing sign-in …',
    signingOut: 'Signing out …',
    loading: 'Loading …',
    sites: 'Sites',
    noSites: 'You have no sites.',
    signOut: 'Log out',
    online: 'Online',
    offline: 'Offline',
    unavailable: 'Unavailable. Contact Admin.',
    loadFailed: 'Could not load sites: {{message}}',
  },
  se: {
    redirecting: 'Skickar dig till inloggningen …',
    signInAgain: 'Logga in',
    completingSignIn: 'Slutför inloggningen …',
    signingOut: 'Loggar ut …',
    loading: 'Laddar …',
    sites: 'Anläggningar',
    noSites: 'Du har inga anläggningar.',
    signOut: 'Logga ut',
    online: 'Ansluten',
    offline: 'Frånkopplad',
    unavailable: 'Otillgänglig. Kontakta administratör.',
    loadFailed: 'Kunde inte hämta anläggningar: {{message}}',
  },
} as const;

for (const [language, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, 'portal', bundle);

export const t = i18n.getFixedT(null, 'portal');
