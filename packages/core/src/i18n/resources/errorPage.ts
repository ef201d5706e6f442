/**
 * /webpmperror (core-shell §2): code, title and a description. The spec's titles are English (kept
 * verbatim in English); a Norwegian or Swedish UI shows them translated, like the descriptions.
 */
export const errorPage = {
  en: {
    site: 'Site',
    titles: {
      '502': 'Bad Gateway',
      '504': 'Gateway Timeout',
      '500': 'Internal server error',
      other: 'Unknown server error',
    },
    descriptions: {
      '502': 'The facility does not run in the cloud, or its id does not exist.',
      '504': 'The facility is not connected to the cloud.',
      '500': 'A server error occurred.',
      other: 'An unknown error occurred.',
    },
  },
  no: {
    site: 'Anlegg',
    titles: {
      '502': 'Ugyldig svar fra gateway',
      '504': 'Tidsavbrudd i gateway',
      '500': 'Intern serverfeil',
      other: 'Ukjent serverfeil',
    },
    descriptions: {
      '502': 'Anlegget kjører ikke i skyen, eller anleggets ID finnes ikke.',
      '504': 'Anlegget er ikke koblet til skyen.',
      '500': 'Det oppstod en serverfeil.',
      other: 'Det oppstod en ukjent feil.',
    },
  },
  se: {
    site: 'Anläggning',
    titles: {
      '502': 'Felaktigt svar från gateway',
      '504': 'Tidsgränsen för gateway överskreds',
      '500': 'Internt serverfel',
      other: 'Okänt serverfel',
    },
    descriptions: {
      '502': 'Anläggningen körs inte i molnet, eller så finns inte dess id.',
      '504': 'Anläggningen är inte ansluten till molnet.',
      '500': 'Ett serverfel inträffade.',
      other: 'Ett okänt fel inträffade.',
    },
  },
};
