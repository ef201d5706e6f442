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
}

const clock = (ms: number, language: LanguageCode) =>
  DateTime.fromMillis(ms, { zone: 'Europe/Oslo' }).setLocale(language === 'se' ? 'sv' : language === 'no' ? 'nb' : 'en-GB').toFormat('d LLL HH:mm');

export function escalationSms(language: LanguageCode, facts: EscalationFacts): string {
  const since = clock(facts.activeSince, language);
  return {
    en: `Varde alarm ${facts.priority} at ${facts.siteName}: ${facts.tagName} ${facts.text} (since ${since}). Step ${facts.step} of ${facts.policyName}.`,
    no: `Varde-alarm ${facts.priority} på ${facts.siteName}: ${facts.tagName} ${facts.text} (siden ${since}). Trinn ${facts.step} i ${facts.policyName}.`,
    se: `Varde-larm ${facts.priority} på ${facts.siteName}: ${facts.tagName} ${facts.text} (sedan ${since}). Steg ${facts.step} i ${facts.policyName}.`,
  }[language];
}

export function escalationMail(language: LanguageCode, facts: EscalationFacts): MailText {
  const since = clock(facts.activeSince, language);
  return {
    en: {
      subject: `Alarm ${facts.priority} at ${facts.siteName}: ${facts.tagName}`,
      body: [`Alarm ${facts.priority} at ${facts.siteName} has not been acknowledged.`, '', `Tag: ${facts.tagName}`, `Text: ${facts.text}`, `Active since: ${since}`, '', `Step ${facts.step} of the escalation policy ${facts.policyName}.`].join('\n'),
    },
    no: {
      subject: `Alarm ${facts.priority} på ${facts.siteName}: ${facts.tagName}`,
      body: [`Alarm ${facts.priority} på ${facts.siteName} er ikke kvittert.`, '', `Tag: ${facts.tagName}`, `Tekst: ${facts.text}`, `Aktiv siden: ${since}`, '', `Trinn ${facts.step} i eskaleringen ${facts.policyName}.`].join('\n'),
    },
    se: {
      subject: `Larm ${facts.priority} på ${facts.siteName}: ${facts.tagName}`,
      body: [`Larm ${facts.priority} på ${facts.siteName} är inte kvitterat.`, '', `Tagg: ${facts.tagName}`, `Text: ${facts.text}`, `Aktivt sedan: ${since}`, '', `Steg ${facts.step} i eskaleringen ${facts.policyName}.`].join('\n'),
    },
  }[language];
}
