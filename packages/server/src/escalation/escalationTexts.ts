import type { LanguageCode } from '@varde/core/contract';
import { DateTime } from 'luxon';
import type { MailText } from '../outbox/messageTexts.js';

/** What an escalation message says about its alarm (user text is sent as plain text, never as HTML). */
export interface EscalationFacts {
  siteName: string;
  tagName: string;
  text: string;
  priority: string;
  activeSince: number;
  step: number;
  policyName: string;
  /** `<public origin>/a/<token>`: acknowledges the alarm as this recipient (ackRoutes.ts). */
  link: string;
}

const clock = (ms: number, language: LanguageCode) =>
  DateTime.fromMillis(ms, { zone: 'Europe/Oslo' }).setLocale(language === 'se' ? 'sv' : language === 'no' ? 'nb' : 'en-GB').toFormat('d LLL HH:mm');

export function escalationSms(language: LanguageCode, facts: EscalationFacts): string {
  const since = clock(facts.activeSince, language);
  return {
    en: `Varde alarm ${facts.priority} at ${facts.siteName}: ${facts.tagName} ${facts.text} (since ${since}). Step ${facts.step} of ${facts.policyName}. Acknowledge: ${facts.link}`,
    no: `Varde-alarm ${facts.priority} på ${facts.siteName}: ${facts.tagName} ${facts.text} (siden ${since}). Trinn ${facts.step} i ${facts.policyName}. Kvitter: ${facts.link}`,
    se: `Varde-larm ${facts.priority} på ${facts.siteName}: ${facts.tagName} ${facts.text} (sedan ${since}). Steg ${facts.step} i ${facts.policyName}. Kvittera: ${facts.link}`,
  }[language];
}

export function escalationMail(language: LanguageCode, facts: EscalationFacts): MailText {
  const since = clock(facts.activeSince, language);
  return {
    en: {
      subject: `Alarm ${facts.priority} at ${facts.siteName}: ${facts.tagName}`,
      body: [`Alarm ${facts.priority} at ${facts.siteName} has not been acknowledged.`, '', `Tag: ${facts.tagName}`, `Text: ${facts.text}`, `Active since: ${since}`, '', `Step ${facts.step} of the escalation policy ${facts.policyName}.`, '', `Acknowledge without signing in (12 hours, once): ${facts.link}`].join('\n'),
    },
    no: {
      subject: `Alarm ${facts.priority} på ${facts.siteName}: ${facts.tagName}`,
      body: [`Alarm ${facts.priority} på ${facts.siteName} er ikke kvittert.`, '', `Tag: ${facts.tagName}`, `Tekst: ${facts.text}`, `Aktiv siden: ${since}`, '', `Trinn ${facts.step} i eskaleringen ${facts.policyName}.`, '', `Kvitter uten å logge inn (12 timer, én gang): ${facts.link}`].join('\n'),
    },
    se: {
      subject: `Larm ${facts.priority} på ${facts.siteName}: ${facts.tagName}`,
      body: [`Larm ${facts.priority} på ${facts.siteName} är inte kvitterat.`, '', `Tagg: ${facts.tagName}`, `Text: ${facts.text}`, `Aktivt sedan: ${since}`, '', `Steg ${facts.step} i eskaleringen ${facts.policyName}.`, '', `Kvittera utan att logga in (12 timmar, en gång): ${facts.link}`].join('\n'),
    },
  }[language];
}
