import { expect, it } from 'vitest';
import { ruleAlarmMail, ruleAlarmSms, ruleTestMail, ruleTestSms } from '../src/rules/ruleMessageTexts.js';

/** Issue 16: rule e-mails and SMS in the recipient's language; the facts are the same in each, the rule named by its name (issue 26). */
const alarm = { alarmGroup: 'A', tagName: 'RT401', text: 'Høy temperatur', siteName: 'Bergen Skole', activeSince: Date.UTC(2026, 10, 25, 7), minutes: 12, ruleName: 'Vakt natt' };
const test = { ruleName: 'Vakt natt', siteName: 'Bergen Skole', threshold: 5, channels: ['mail', 'sms'] as const };

it('alarm notifications in no, en and se', () => {
  expect(ruleAlarmMail('no', alarm).subject).toBe('Varde: A-alarm RT401 (Høy temperatur) på Bergen Skole har vært aktiv i 12 minutter');
  expect(ruleAlarmMail('en', alarm).subject).toBe('Varde: A alarm RT401 (Høy temperatur) at Bergen Skole has been active for 12 minutes');
  expect(ruleAlarmMail('se', alarm).body).toContain('Aviseringsregel: Vakt natt');
  expect(ruleAlarmSms('en', alarm)).toBe('Varde: A alarm RT401 (Høy temperatur) at Bergen Skole active for 12 min. Rule: Vakt natt');
  for (const language of ['no', 'en', 'se'] as const) expect(ruleAlarmMail(language, alarm).body).toContain('2026-11-25T07:00:00.000Z');
});

it('rule tests in no, en and se, naming the channels in the language', () => {
  expect(ruleTestMail('no', test).body).toContain('Du varsles på e-post og SMS');
  expect(ruleTestMail('en', test).body).toContain('You are notified by e-mail and SMS');
  expect(ruleTestMail('se', test).subject).toBe('Varde: test av aviseringsregeln ”Vakt natt”');
  expect(ruleTestSms('se', test)).toBe('Varde: test av aviseringsregeln ”Vakt natt” för Bergen Skole. Tröskel 5 min.');
});
