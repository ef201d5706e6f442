import type { LanguageCode as Language } from '@varde/core/contract';
import type { MailText } from '../outbox/messageTexts.js';

/**
 * What a notification rule sends, in the recipient's language (their profile's; English when unknown).
 * The rule is named by its name, which people chose and read, not by its id.
 */

export interface AlarmFacts {
  alarmGroup: string;
  tagName: string;
  text: string;
  siteName: string;
  activeSince: number;
  minutes: number;
  /** The rule's name (user text: these are plain-text messages, never HTML). */
  ruleName: string;
}

const alarmOf = (language: Language, facts: AlarmFacts) => {
  const described = `${facts.tagName}${facts.text ? ` (${facts.text})` : ''}`;
  return { en: `${facts.alarmGroup} alarm ${described} at ${facts.siteName}`, no: `${facts.alarmGroup}-alarm ${described} på ${facts.siteName}`, se: `${facts.alarmGroup}-larm ${described} på ${facts.siteName}` }[language];
};

export function ruleAlarmMail(language: Language, facts: AlarmFacts): MailText {
  const what = alarmOf(language, facts);
  const since = new Date(facts.activeSince).toISOString();
  return {
    en: { subject: `Varde: ${what} has been active for ${facts.minutes} minutes`, body: `${what} has been active since ${since} (${facts.minutes} minutes).\nNotification rule: ${facts.ruleName}` },
    no: { subject: `Varde: ${what} har vært aktiv i ${facts.minutes} minutter`, body: `${what} har vært aktiv siden ${since} (${facts.minutes} minutter).\nVarslingsregel: ${facts.ruleName}` },
    se: { subject: `Varde: ${what} har varit aktivt i ${facts.minutes} minuter`, body: `${what} har varit aktivt sedan ${since} (${facts.minutes} minuter).\nAviseringsregel: ${facts.ruleName}` },
  }[language];
}

export function ruleAlarmSms(language: Language, facts: AlarmFacts): string {
  const what = alarmOf(language, facts);
  return {
    en: `Varde: ${what} active for ${facts.minutes} min. Rule: ${facts.ruleName}`,
    no: `Varde: ${what} aktiv i ${facts.minutes} min. Regel: ${facts.ruleName}`,
    se: `Varde: ${what} aktivt i ${facts.minutes} min. Regel: ${facts.ruleName}`,
  }[language];
}

export interface RuleTestFacts {
  ruleName: string;
  siteName: string;
  threshold: number;
  channels: readonly ('mail' | 'sms')[];
}

const channelWords = (language: Language, channels: RuleTestFacts['channels']) => {
  const words = { en: { mail: 'e-mail', sms: 'SMS', and: ' and ' }, no: { mail: 'e-post', sms: 'SMS', and: ' og ' }, se: { mail: 'e-post', sms: 'sms', and: ' och ' } }[language];
  return channels.map((channel) => words[channel]).join(words.and);
};

export function ruleTestMail(language: Language, facts: RuleTestFacts): MailText {
  const channels = channelWords(language, facts.channels);
  return {
    en: {
      subject: `Varde: test of notification rule “${facts.ruleName}”`,
      body: `This is a test of the notification rule “${facts.ruleName}” for ${facts.siteName}.\nYou are notified by ${channels} when an alarm has been active for more than ${facts.threshold} minutes.`,
    },
    no: {
      subject: `Varde: test av varslingsregelen «${facts.ruleName}»`,
      body: `Dette er en test av varslingsregelen «${facts.ruleName}» for ${facts.siteName}.\nDu varsles på ${channels} når en alarm har vært aktiv i mer enn ${facts.threshold} minutter.`,
    },
    se: {
      subject: `Varde: test av aviseringsregeln ”${facts.ruleName}”`,
      body: `Det här är ett test av aviseringsregeln ”${facts.ruleName}” för ${facts.siteName}.\nDu aviseras via ${channels} när ett larm har varit aktivt i mer än ${facts.threshold} minuter.`,
    },
  }[language];
}

export function ruleTestSms(language: Language, facts: RuleTestFacts): string {
  return {
    en: `Varde: test of notification rule “${facts.ruleName}” for ${facts.siteName}. Threshold ${facts.threshold} min.`,
    no: `Varde: test av varslingsregelen «${facts.ruleName}» for ${facts.siteName}. Terskel ${facts.threshold} min.`,
    se: `Varde: test av aviseringsregeln ”${facts.ruleName}” för ${facts.siteName}. Tröskel ${facts.threshold} min.`,
  }[language];
}
