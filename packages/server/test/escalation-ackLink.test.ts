import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName } from '@varde/core/contract';
import { createEscalationEngine, type EscalationEngine } from '../src/escalation/escalationEngine.js';
import { createPolicyStore } from '../src/escalation/policyStore.js';
import { createScheduleStore } from '../src/oncall/scheduleStore.js';
import { demoSites } from '../src/seed/demoSites.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Acknowledge from the message: the demo policy's e-mails carry `<public origin>/a/<token>`; a GET shows
// the alarm and changes nothing, the page's POST acknowledges once as the recipient, and the escalation
// sends nothing more. The cloud clock starts on Wednesday 25 Mar 2026 at 02:00 Oslo time (power@ on call).
const MINUTE = 60_000;
const clock = manualClock(Date.parse('2026-03-25T01:00:00Z'));
const site = demoSites()[0]!;
let cloud: Cloud;
let engine: EscalationEngine;

const page = (url: string, method = 'GET') =>
  fetch(url, { method, headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}, body: method === 'POST' ? '' : undefined })
    .then(async (response) => ({ status: response.status, html: await response.text() }));
const mailsAbout = async (tag: string) => (await cloud.context.outbox.list({ since: 0 })).filter((message) => message.body.includes(tag)).reverse();
const linkIn = (body: string) => {
  const found = new RegExp(`${cloud.url}/a/([A-Za-z0-9_-]{43})`).exec(body);
  if (!found) throw new Error(`no acknowledge link in ${body}`);
  return found[0];
};
const alarmOf = async (id: string) => (await cloud.context.alarms.byId(id))!;

beforeAll(async () => {
  cloud = await startCloud({ clock });
  const { db } = cloud.context;
  engine = createEscalationEngine(cloud.context, { policies: createPolicyStore(db, clock), schedules: createScheduleStore(db, clock) });
});
afterAll(() => cloud.close());

describe('the link in an escalation message', () => {
  it('shows the alarm on GET without acknowledging, acknowledges once on POST as the recipient, and stops the escalation', async () => {
    const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'ACK-1', text: 'Trykk <b>lavt</b> & "fallende"' });
    await engine.tick();
    const [first] = await mailsAbout('ACK-1');
    expect(first!.to).toBe('power@varde.test');
    expect(first!.body).toContain(site.name);
    const powerLink = linkIn(first!.body);

    const shown = await page(powerLink);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<button type="submit">Kvitter</button>');
    expect(shown.html).toContain('Åpne i portalen');
    expect(shown.html).toContain(site.name);
    // User text is escaped, never markup.
    expect(shown.html).toContain('Trykk &lt;b&gt;lavt&lt;/b&gt; &amp; &quot;fallende&quot;');
    expect((await page(powerLink)).status).toBe(200); // a mail scanner's second look changes nothing either
    expect((await alarmOf(alarm.id)).acknowledgedBy).toBeNull();

    clock.advance(5 * MINUTE + 1000);
    await engine.tick();
    const mails = await mailsAbout('ACK-1');
    expect(mails.map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);
    const userLink = linkIn(mails[1]!.body);
    expect(userLink).not.toBe(powerLink);
    // user@'s page names who else was told.
    expect((await page(userLink)).html).toContain('power@varde.test');

    const acknowledged = await page(powerLink, 'POST');
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.html).toContain('Alarmen er kvittert i ditt navn.');
    expect(await alarmOf(alarm.id)).toMatchObject({ acknowledgedBy: 'power@varde.test', ackComment: 'Kvittert fra lenken i alarmvarselet' });
    const history = await cloud.context.alarms.history(alarm.id);
    expect(history.some((entry) => entry.action === 'acknowledged' && entry.by === 'power@varde.test')).toBe(true);

    clock.advance(30 * MINUTE);
    await engine.tick();
    expect((await mailsAbout('ACK-1')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);

    // Used: 410 on GET and POST, and a page that says so.
    for (const method of ['GET', 'POST']) {
      const used = await page(powerLink, method);
      expect(used.status).toBe(410);
      expect(used.html).toContain('Lenken er brukt');
    }
    // The other recipient's link still opens, and says who acknowledged first.
    const late = await page(userLink, 'POST');
    expect(late.status).toBe(200);
    expect(late.html).toContain('Alarmen var allerede kvittert av power@varde.test.');
  });

  it("reaches another viewer's alarm list as any acknowledgement does", async () => {
    const viewer = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
    const list = await call(cloud, `/cloud/alarms/alarms?site=${site.uuid}`, { headers: { authorization: `Bearer ${viewer[serviceHostName('alarms', 'localhost')]!}` } });
    const row = list.body.data.find((item: { tagName: string }) => item.tagName === 'ACK-1');
    expect(row).toMatchObject({ acknowledgedBy: 'power@varde.test' });
  });

  it('answers 410 after 12 hours and acknowledges nothing; 404 for an unknown link', async () => {
    const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'ACK-OLD', text: 'Gammel' });
    await engine.tick();
    const link = linkIn((await mailsAbout('ACK-OLD'))[0]!.body);
    await cloud.context.alarms.acknowledge(alarm.id, 'admin@varde.test'); // stop the escalation; the link is about time here
    clock.advance(12 * 60 * MINUTE);
    for (const method of ['GET', 'POST']) {
      const expired = await page(link, method);
      expect(expired.status).toBe(410);
      expect(expired.html).toContain('Lenken er utløpt');
    }
    expect((await alarmOf(alarm.id)).acknowledgedBy).toBe('admin@varde.test');
    const unknown = await page(`${cloud.url}/a/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Unknown link');
  });
});
