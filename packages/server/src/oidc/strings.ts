/**
 * Texts of the sign-in pages. Norwegian is the default (as in the portal); English or Swedish when
 * the authorization request (the portal sends its UI language as `ui_locales`) or the browser asks
 * for it. Quoted error texts are the spec's verbatim.
 */
export type PageLocale = 'no' | 'en' | 'sv';

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
  smsSentTo: (phone: string) => `Vi har sendt en kode på SMS til ${phone}. Skriv den inn for å fortsette.`,
  resend: 'Send ny kode',
  resent: (phone: string) => `Ny kode sendt til ${phone}. Den forrige gjelder ikke lenger.`,
  resendWait: (seconds: number) => `Vent ${seconds} sekunder før du ber om en ny kode.`,
  startOver: 'Start på nytt',
  missingFields: 'Fyll ut alle feltene.',
  expiredTitle: 'Innloggingen er utløpt',
  expiredText: 'Siden er for gammel. Gå tilbake til portalen og logg inn på nytt.',
  backToPortal: 'Tilbake til portalen',
  errorTitle: 'Noe gikk galt',
  errorCode: 'Feilkode',
  refusedAddress: 'Innloggingen ble avvist: siden som ba om den, er ikke en kjent adresse for portalen. Åpne portalen fra adressen du har fått, og prøv igjen.',
  refusedRequest: 'Innloggingen kunne ikke fullføres. Gå tilbake til portalen og prøv igjen.',
  logoutTitle: 'Logg ut',
  logoutQuestion: 'Vil du logge ut?',
  logoutYes: 'Ja, logg meg ut',
  logoutNo: 'Nei, forbli innlogget',
  loggingOut: 'Logger ut …',
  loggedOutTitle: 'Du er logget ut',
  loggedOutText: 'Du kan lukke dette vinduet.',
  forgotPassword: 'Glemt passordet?',
  forgotTitle: 'Nytt passord',
  forgotIntro: 'Skriv e-postadressen din, så sender vi en lenke for å velge nytt passord.',
  sendLink: 'Send lenke',
  linkSentTitle: 'Sjekk e-posten din',
  linkSentText: 'Har adressen en konto hos oss, får den en lenke om litt. Lenken virker i én time.',
  backToSignIn: 'Tilbake til innlogging',
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
  smsSentTo: (phone: string) => `We sent a code by SMS to ${phone}. Enter it to continue.`,
  resend: 'Send a new code',
  resent: (phone: string) => `A new code was sent to ${phone}. The previous one no longer works.`,
  resendWait: (seconds: number) => `Wait ${seconds} seconds before asking for a new code.`,
  startOver: 'Start over',
  missingFields: 'Please fill in all fields.',
  expiredTitle: 'This sign-in has expired',
  expiredText: 'The page is too old. Go back to the portal and sign in again.',
  backToPortal: 'Back to the portal',
  errorTitle: 'Something went wrong',
  errorCode: 'Error code',
  refusedAddress: 'The sign-in was refused: the page that asked for it is not a known address of the portal. Open the portal at the address you were given and try again.',
  refusedRequest: 'The sign-in could not be completed. Go back to the portal and try again.',
  logoutTitle: 'Sign out',
  logoutQuestion: 'Do you want to sign out?',
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  loggingOut: 'Signing out …',
  loggedOutTitle: 'You are signed out',
  loggedOutText: 'You may close this window.',
  forgotPassword: 'Forgot password?',
  forgotTitle: 'New password',
  forgotIntro: 'Enter your e-mail address and we will send you a link to choose a new password.',
  sendLink: 'Send link',
  linkSentTitle: 'Check your e-mail',
  linkSentText: 'If the address has an account with us, a link is on its way. The link works for one hour.',
  backToSignIn: 'Back to sign-in',
};

const sv: PageStrings = {
  title: 'Logga in',
  intro: 'Logga in med e-post och lösenord.',
  email: 'E-post',
  password: 'Lösenord',
  signIn: 'Logga in',
  wrongCredentials: 'Fel användarnamn eller lösenord',
  throttled: (minutes: number) =>
    `För många misslyckade försök. Försök igen om ${minutes} ${minutes === 1 ? 'minut' : 'minuter'}.`,
  smsTitle: 'Kod från sms',
  smsIntro: 'Vi har skickat en kod med sms till din telefon. Skriv in den för att fortsätta.',
  smsCode: 'Kod',
  verify: 'Bekräfta',
  wrongSms: 'Fel sms-kod',
  smsExpired: 'Koden har gått ut. Logga in igen.',
  smsSentTo: (phone: string) => `Vi har skickat en kod med sms till ${phone}. Skriv in den för att fortsätta.`,
  resend: 'Skicka en ny kod',
  resent: (phone: string) => `En ny kod skickades till ${phone}. Den förra gäller inte längre.`,
  resendWait: (seconds: number) => `Vänta ${seconds} sekunder innan du ber om en ny kod.`,
  startOver: 'Börja om',
  missingFields: 'Fyll i alla fält.',
  expiredTitle: 'Inloggningen har gått ut',
  expiredText: 'Sidan är för gammal. Gå tillbaka till portalen och logga in igen.',
  backToPortal: 'Tillbaka till portalen',
  errorTitle: 'Något gick fel',
  errorCode: 'Felkod',
  refusedAddress: 'Inloggningen nekades: sidan som bad om den är inte en känd adress till portalen. Öppna portalen på adressen du har fått och försök igen.',
  refusedRequest: 'Inloggningen kunde inte slutföras. Gå tillbaka till portalen och försök igen.',
  logoutTitle: 'Logga ut',
  logoutQuestion: 'Vill du logga ut?',
  logoutYes: 'Ja, logga ut mig',
  logoutNo: 'Nej, förbli inloggad',
  loggingOut: 'Loggar ut …',
  loggedOutTitle: 'Du är utloggad',
  loggedOutText: 'Du kan stänga det här fönstret.',
  forgotPassword: 'Glömt lösenordet?',
  forgotTitle: 'Nytt lösenord',
  forgotIntro: 'Skriv din e-postadress så skickar vi en länk för att välja ett nytt lösenord.',
  sendLink: 'Skicka länk',
  linkSentTitle: 'Kolla din e-post',
  linkSentText: 'Om adressen har ett konto hos oss kommer en länk strax. Länken fungerar i en timme.',
  backToSignIn: 'Tillbaka till inloggningen',
};

const byLocale: Record<PageLocale, PageStrings> = { no, en, sv };

export function pageStrings(locale: PageLocale): PageStrings {
  return byLocale[locale];
}

/** The provider's refusal (an OAuth error code) in the page's language. */
export function refusalText(locale: PageLocale, error: string): string {
  const t = byLocale[locale];
  return error === 'invalid_redirect_uri' ? t.refusedAddress : t.refusedRequest;
}

/**
 * Picks the page language: the first supported tag of `ui_locales` (OIDC), otherwise of the
 * Accept-Language header, otherwise Norwegian. nb/nn count as Norwegian, `se` (the portal's code) as Swedish.
 */
export function pickLocale(uiLocales: unknown, acceptLanguage: string | undefined): PageLocale {
  const candidates = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? ''),
  ];
  for (const candidate of candidates) {
    const primary = candidate.trim().toLowerCase().split('-')[0];
    if (primary === 'en') return 'en';
    if (primary === 'sv' || primary === 'se') return 'sv';
    if (primary === 'no' || primary === 'nb' || primary === 'nn') return 'no';
  }
  return 'no';
}
