import type { LanguageCode as Language } from '@varde/core/contract';
import type { MailText } from '../outbox/messageTexts.js';

/** What a notification rule sends, in the recipient's language (their profile's; English when unknown). */

export interface AlarmFacts {
  alarmGroup: string;
  tagName: string;
  text: string;
  siteName: string;
  activeSince: number;
  minutes: number;
  ruleId: string;
}

const alarmOf = (language: Language, facts: AlarmFacts) => {
  const described = `${facts.tagName}${facts.text ? ` (${facts.text})` : ''}`;
  return { en: `${facts.alarmGroup} alarm ${described} at ${facts.siteName}`, no: `${facts.alarmGroup}-alarm ${described} på ${facts.siteName}`, se: `${facts.alarmGroup}-larm ${described} på ${facts.siteName}` }[language];
};

export function ruleAlarmMail(language: Language, facts: AlarmFacts): MailText {
  const what = alarmOf(language, facts);
  const since = new Date(facts.activeSince).toISOString();
  return {
    en: { subject: `Varde: ${what} has been active for ${facts.minutes} minutes`, body: `${what} has been active since ${since} (${facts.minutes} minutes).\nNotification rule: ${facts.ruleId}.` },
    no: { subject: `Varde: ${what} har vært aktiv i ${facts.minutes} minutter`, body: `${what} har vært aktiv siden ${since} (${facts.minutes} minutter).\nVarslingsregel: ${facts.ruleId}.` },
    se: { subject: `Varde: ${what} har varit aktivt i ${facts.minutes} minuter`, body: `${what} har varit aktivt sedan ${since} (${facts.minutes} minuter).\nAviseringsregel: ${facts.ruleId}.` },
  }[language];
}

export function ruleAlarmSms(language: Language, facts: AlarmFacts): string {
  const what = alarmOf(language, facts);
  return {
    en: `Varde: ${what} active for ${facts.minutes} min. Rule ${facts.ruleId}.`,
    no: `Varde: ${what} aktiv i ${facts.minutes} min. Regel ${facts.ruleId}.`,
    se: `Varde: ${what} aktivt i ${facts.minutes} min. Regel ${facts.ruleId}.`,
  }[language];
}

export interface RuleTestFacts {
  ruleId: string;
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
      subject: `Varde: test of notification rule ${facts.ruleId}`,
      body: `This is a test of the notification rule ${facts.ruleId} for ${facts.siteName}.\nYou are notified by ${channels} when an alarm has been active for more than ${facts.threshold} minutes.`,
    },
    no: {
      subject: `Varde: test av varslingsregel ${facts.ruleId}`,
      body: `Dette er en test av varslingsregelen ${facts.ruleId} for ${facts.siteName}.\nDu varsles på ${channels} når en alarm har vært aktiv i mer enn ${facts.threshold} minutter.`,
    },
    se: {
      subject: `Varde: test av aviseringsregel ${facts.ruleId}`,
      body: `Det här är ett test av aviseringsregeln ${facts.ruleId} för ${facts.siteName}.\nDu aviseras via ${channels} när ett larm har varit aktivt i mer än ${facts.threshold} minuter.`,
    },
  }[language];
}

export function ruleTestSms(language: Language, facts: RuleTestFacts): string {
  return {
    en: `Varde: test of notification rule ${facts.ruleId} for ${facts.siteName}. Threshold ${facts.threshold} min.`,
    no: `Varde: test av varslingsregel ${facts.ruleId} for ${facts.siteName}. Terskel ${facts.threshold} min.`,
    se: `Varde: test av aviseringsregel ${facts.ruleId} för ${facts.siteName}. Tröskel ${facts.threshold} min.`,
  }[language];
}
