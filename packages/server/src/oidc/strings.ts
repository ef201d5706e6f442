/**
 * Texts of the sign-in pages. Norwegian is the default (as in the portal); English when the
 * authorization request or the browser asks for it. Quoted error texts are the spec's verbatim.
 */
export type PageLocale = 'no' | 'en';

const no = {
  title: 'Logg inn',
  intro: 'Logg inn med e-post og passord.',
  email: 'E-post',
  password: 'Passord',
  signIn: 'Logg inn',
  wrongCredentials: 'Feil brukernavn eller passord',
  throttled: (minutes: number) =>
    `For mange mislykkede forsøk. Prøv igjen om ${minutes} ${minutes === 1 ? 'minutt' : 'minutter'}.`,
  smsTitle: 'Kode fra SMS',
  smsIntro: 'Vi har sendt en kode på SMS til telefonen din. Skriv den inn for å fortsette.',
  smsCode: 'Kode',
  verify: 'Bekreft',
  wrongSms: 'Feil SMS-kode',
  smsExpired: 'Koden er utløpt. Logg inn på nytt.',
  startOver: 'Start på nytt',
  missingFields: 'Fyll ut alle feltene.',
  expiredTitle: 'Innloggingen er utløpt',
  expiredText: 'Siden er for gammel. Gå tilbake til portalen og logg inn på nytt.',
  backToPortal: 'Tilbake til portalen',
  errorTitle: 'Noe gikk galt',
  logoutTitle: 'Logg ut',
  logoutQuestion: 'Vil du logge ut?',
  logoutYes: 'Ja, logg meg ut',
  logoutNo: 'Nei, forbli innlogget',
  loggingOut: 'Logger ut …',
  loggedOutTitle: 'Du er logget ut',
  loggedOutText: 'Du kan lukke dette vinduet.',
};

export type PageStrings = typeof no;

const en: PageStrings = {
  title: 'Sign in',
  intro: 'Sign in with your e-mail and password.',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  wrongCredentials: 'Wrong username or password',
  throttled: (minutes: number) =>
    `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  smsTitle: 'Code from SMS',
  smsIntro: 'We sent a code by SMS to your phone. Enter it to continue.',
  smsCode: 'Code',
  verify: 'Verify',
  wrongSms: 'Wrong sms token',
  smsExpired: 'The code has expired. Please sign in again.',
  startOver: 'Start over',
  missingFields: 'Please fill in all fields.',
  expiredTitle: 'This sign-in has expired',
  expiredText: 'The page is too old. Go back to the portal and sign in again.',
  backToPortal: 'Back to the portal',
  errorTitle: 'Something went wrong',
  logoutTitle: 'Sign out',
  logoutQuestion: 'Do you want to sign out?',
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  loggingOut: 'Signing out …',
  loggedOutTitle: 'You are signed out',
  loggedOutText: 'You may close this window.',
};

const byLocale: Record<PageLocale, PageStrings> = { no, en };

export function pageStrings(locale: PageLocale): PageStrings {
  return byLocale[locale];
}

/**
 * Picks the page language: the first supported tag of `ui_locales` (OIDC), otherwise of the
 * Accept-Language header, otherwise Norwegian. nb/nn count as Norwegian.
 */
export function pickLocale(uiLocales: unknown, acceptLanguage: string | undefined): PageLocale {
  const candidates = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? ''),
  ];
  for (const candidate of candidates) {
    const primary = candidate.trim().toLowerCase().split('-')[0];
    if (primary === 'en') return 'en';
    if (primary === 'no' || primary === 'nb' || primary === 'nn') return 'no';
  }
  return 'no';
}
