import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { moderateOrWorseViolations } from '../alarms/axeAtModerate.js';
import { adminControls, attemptSuffix, failOnDialog } from '../sites/cloudControls.js';

/**
 * Issue 35: acknowledging from the message. The demo policy's first step e-mails whoever is on call; the
 * link in that e-mail opens a page that needs no sign-in (on a phone, at night), shows the alarm as text,
 * passes axe at moderate in the light and the dark theme, and acknowledges in the recipient's name.
 */
const ON_CALL = ['user@varde.test', 'power@varde.test'];

/** The newest escalation e-mail about `tag` to whoever is on call: its recipient and its link's path. */
async function escalationLink(request: APIRequestContext, tag: string): Promise<{ to: string; path: string } | null> {
  for (const to of ON_CALL) {
    const answer = await request.get(`/cloud/outbox/messages?channel=email&to=${encodeURIComponent(to)}`);
    expect(answer.ok()).toBe(true);
    const { data } = (await answer.json()) as { data: Array<{ id: number; body: string }> };
    const message = [...data].sort((a, b) => b.id - a.id).find((item) => item.body.includes(`: ${tag}\n`));
    const link = message?.body.match(/https?:\/\/\S+\/a\/[\w-]+/)?.[0];
    if (link) return { to, path: new URL(link).pathname };
  }
  return null;
}

test('the link in an escalation e-mail acknowledges on a phone without signing in; its page passes axe in both themes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const site = demoSites().slice(0, 10).find((item) => item.webpmpReady === true)!;
  const controls = await adminControls(request);
  await controls.pause();
  const tag = `E2E-ACKLINK${attemptSuffix()}`;
  const alarm = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: tag, text: 'Frostvakt <b>utløst</b>' });

  // The leader's tick sends step 1 within seconds.
  let sent: { to: string; path: string } | null = null;
  await expect.poll(async () => (sent = await escalationLink(request, tag)), { timeout: 30_000 }).not.toBeNull();
  const { to, path } = sent!;

  failOnDialog(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
  // The alarm's text is shown as text, never as markup.
  await expect(page.locator('dd', { hasText: 'Frostvakt <b>utløst</b>' })).toBeVisible();
  await expect(page.locator('dd b')).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await moderateOrWorseViolations(page), scheme).toEqual([]);
    await page.screenshot({ path: `test-results/screens/oncall-ack-link-${scheme}-390.png`, fullPage: true });
  }

  await page.getByRole('button').click();
  await expect(page.getByRole('status')).toHaveText(/acknowledged in your name|kvittert i ditt navn|kvitterat i ditt namn/);
  await expect(page.getByRole('button')).toHaveCount(0);
  expect(await moderateOrWorseViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/oncall-ack-link-done-dark-390.png', fullPage: true });

  // Acknowledged in the recipient's name, as the cloud reports it.
  const admin = demoUsers.systemAdmin;
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  const headers = { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1]}` };
  const rows = ((await (await request.get(`/cloud/alarms/alarms?site=${site.uuid}`, { headers })).json()) as { data: Array<{ id: string; acknowledgedBy: string | null }> }).data;
  expect(rows.find((row) => row.id === alarm.id)?.acknowledgedBy).toBe(to);
});
