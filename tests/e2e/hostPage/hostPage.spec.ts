import { expect, test } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { SIGN_IN_CODE } from '../pages/helpers.js';

/** The session's line for `name` in any of our languages (a user may have chosen another in account settings). */
const signedInAs = (name: string) => new RegExp(`^(Logget inn som|Signed in as|Inloggad som) ${name}$`);

/**
 * The example host page (examples/host-page): plain HTML with one script tag for the widgets'
 * preact bundle, served by the reference cloud. Build the server and the widgets first.
 */
const user = demoUsers.user;

test('the host page renders <varde-session>, signs in against the cloud, and receives its events', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/examples/host-page/');
  // One script tag that loads code, and it is the preact bundle.
  expect(await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual(['/widgets/all.js']);

  const widget = page.locator('varde-session');
  const events = page.locator('#events li');
  await expect(widget.getByText('Ikke logget inn')).toBeVisible();
  await expect(events.last()).toHaveText('varde-session-change from <varde-session>: signed-out (no-session)');

  await widget.locator('[part="sign-in-button"]').click();
  await widget.locator('[part="username-input"] input').fill(user.email);
  await widget.locator('[part="password-input"] input').fill('wrong-password');
  await widget.locator('[part="password-input"] input').press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('Feil brukernavn eller passord');

  await widget.locator('[part="password-input"] input').fill(user.password);
  await widget.locator('[part="submit-button"]').click();
  await expect(widget.locator('[part="user-name"]')).toHaveText(signedInAs(user.name));
  // The event left the shadow root, retargeted to the element, and carries the user.
  await expect(events.last()).toHaveText(`varde-session-change from <varde-session>: signed-in as ${user.name} (${user.email})`);

  // Tokens stay in memory: nothing token-like in storage or in the DOM.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.documentElement.outerHTML);
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

  // The per-widget module loads beside all.js: its define is guarded, the element stays as it is.
  await page.evaluate(async () => {
    await import('/widgets/varde-session.js' as string);
  });
  await expect(widget.locator('[part="user-name"]')).toHaveText(signedInAs(user.name));

  await widget.locator('[part="sign-out-button"]').click();
  await expect(widget.getByText('Ikke logget inn')).toBeVisible();
  await expect(events.last()).toHaveText('varde-session-change from <varde-session>: signed-out (user)');
  expect(errors).toEqual([]);
});

test('a user with an SMS code signs in through the two steps of the widget', async ({ page }) => {
  await page.goto('/examples/host-page/');
  const widget = page.locator('varde-session');
  await widget.locator('[part="sign-in-button"]').click();
  await widget.locator('[part="username-input"] input').fill(demoUsers.sms.email);
  await widget.locator('[part="password-input"] input').fill(demoUsers.sms.password);
  await widget.locator('[part="submit-button"]').click();
  await expect(widget.locator('[part="code-input"]')).toBeVisible();

  const answer = await page.request.get(`/cloud/outbox/messages?channel=sms&to=${encodeURIComponent(demoUsers.sms.smsPhone)}`);
  const { data } = (await answer.json()) as { data: { body: string; createdAt: number }[] };
  // The newest sign-in code (the same phone also gets rule notifications).
  const code = [...data].sort((a, b) => b.createdAt - a.createdAt).map((message) => message.body.match(SIGN_IN_CODE)?.[1]).find(Boolean);
  expect(code).toMatch(/^\d{6}$/);
  await widget.locator('[part="code-input"] input').fill(code!);
  await widget.locator('[part="code-input"] input').press('Enter');
  await expect(widget.locator('[part="user-name"]')).toHaveText(signedInAs(demoUsers.sms.name));
  await expect(page.locator('#events li').last()).toContainText(`signed-in as ${demoUsers.sms.name}`);
});
