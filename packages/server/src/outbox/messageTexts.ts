import type { LanguageCode as Language } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';
import { userPath } from '../users/profiles.js';

/**
 * What the cloud e-mails and texts, in the recipient's language (their profile's, English when
 * unknown): sign-in codes, password links and invitations. Links and codes are the same in each.
 */
export interface MailText {
  subject: string;
  body: string;
}

/** The recipient's language from their profile. */
export async function languageOfUser(ctx: Pick<CloudServices, 'realtime'>, uid: string, tx?: Tx): Promise<Language> {
  const language = await ctx.realtime.get(`${userPath(uid)}/language`, tx);
  return language === 'no' || language === 'se' ? language : 'en';
}

export function smsCodeText(language: Language, code: string): string {
  return {
    en: `Varde sign-in code: ${code}. It expires in 5 minutes.`,
    no: `Varde innloggingskode: ${code}. Den utløper om 5 minutter.`,
    se: `Varde inloggningskod: ${code}. Den går ut om 5 minuter.`,
  }[language];
}

/** The user asked for a new password ("Forgot password?"). */
export function resetRequestedMail(language: Language, link: string, minutes: number): MailText {
  return {
    en: {
      subject: 'Reset your Varde password',
      body: ['Someone asked to reset the password of your Varde account.', `Open this link within ${minutes} minutes to choose a new password:`, '', link, '', 'If it was not you, ignore this e-mail: your password stays as it is.'].join('\n'),
    },
    no: {
      subject: 'Nytt passord til Varde',
      body: ['Noen har bedt om å tilbakestille passordet til Varde-kontoen din.', `Åpne denne lenken innen ${minutes} minutter for å velge et nytt passord:`, '', link, '', 'Var det ikke deg, kan du se bort fra denne e-posten: passordet ditt er uendret.'].join('\n'),
    },
    se: {
      subject: 'Nytt lösenord till Varde',
      body: ['Någon har bett om att återställa lösenordet till ditt Varde-konto.', `Öppna länken inom ${minutes} minuter för att välja ett nytt lösenord:`, '', link, '', 'Var det inte du kan du bortse från e-postmeddelandet: ditt lösenord är oförändrat.'].join('\n'),
    },
  }[language];
}

/** An administrator sent the user a link to choose a new password. */
export function resetByAdminMail(language: Language, link: string, minutes: number): MailText {
  return {
    en: { subject: 'Choose your Varde password', body: ['An administrator asked Varde to let you choose a new password.', `Open this link within ${minutes} minutes to choose it:`, '', link].join('\n') },
    no: { subject: 'Velg passord til Varde', body: ['En administrator har bedt Varde la deg velge et nytt passord.', `Åpne denne lenken innen ${minutes} minutter for å velge det:`, '', link].join('\n') },
    se: { subject: 'Välj lösenord till Varde', body: ['En administratör har bett Varde låta dig välja ett nytt lösenord.', `Öppna länken inom ${minutes} minuter för att välja det:`, '', link].join('\n') },
  }[language];
}

/** A new user was created without a password: welcome, and choose one. */
export function invitationMail(language: Language, invite: { name: string; invitedBy: string; link: string; days: number }): MailText {
  const { name, invitedBy, link, days } = invite;
  return {
    en: {
      subject: 'You are invited to Varde',
      body: [`Hello ${name},`, '', `${invitedBy} has given you a Varde account.`, `Open this link within ${days} days to choose your password and sign in:`, '', link, '', 'Your user name is this e-mail address.'].join('\n'),
    },
    no: {
      subject: 'Du er invitert til Varde',
      body: [`Hei ${name},`, '', `${invitedBy} har gitt deg en Varde-konto.`, `Åpne denne lenken innen ${days} dager for å velge passord og logge inn:`, '', link, '', 'Brukernavnet ditt er denne e-postadressen.'].join('\n'),
    },
    se: {
      subject: 'Du är inbjuden till Varde',
      body: [`Hej ${name},`, '', `${invitedBy} har gett dig ett Varde-konto.`, `Öppna länken inom ${days} dagar för att välja lösenord och logga in:`, '', link, '', 'Ditt användarnamn är den här e-postadressen.'].join('\n'),
    },
  }[language];
}
