import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { moderateOrWorseViolations } from '../alarms/axeAtModerate.js';
import { useLanguage } from '../pages/helpers.js';
import { attemptSuffix, failOnDialog, signIn } from '../sites/cloudControls.js';

/**
 * Issue 35: the policy editor binds a policy to all of the partner's sites or to the ones ticked in a
 * searchable list of the editor's sites, and the cloud stores exactly those.
 */
const NAME = 'Kun Oslo';

async function alarmsHeaders(request: APIRequestContext) {
  const admin = demoUsers.admin;
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  return { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1]}` };
}

/** A failed earlier attempt's policy would escalate the site's alarms too: it goes first. */
async function deleteEarlierAttempts(request: APIRequestContext) {
  const headers = await alarmsHeaders(request);
  const listed = await request.get('/cloud/alarms/escalations/policies', { headers });
  for (const policy of ((await listed.json()) as { data: Array<{ id: string; name: string }> }).data) {
    if (policy.name.startsWith(NAME)) expect((await request.delete(`/cloud/alarms/escalations/policies/${policy.id}`, { headers })).status()).toBe(204);
  }
}

async function storedPolicy(request: APIRequestContext, name: string) {
  const listed = await request.get('/cloud/alarms/escalations/policies', { headers: await alarmsHeaders(request) });
  return ((await listed.json()) as { data: Array<{ id: string; name: string; sites: string[] | null }> }).data.find((policy) => policy.name === name);
}

test('a policy is bound to the sites ticked in the editor, and back to all sites', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `${NAME}${attemptSuffix()}`;
  const oslo = demoSites().find((site) => site.name === 'Oslo Vannverk')!;
  await deleteEarlierAttempts(request);
  await useLanguage(page, 'no');
  failOnDialog(page);
  await signIn(page, '/notifications', demoUsers.admin.email, demoUsers.admin.password);
  const policies = page.getByTestId('escalation-policies');
  await policies.getByTestId('new-policy').click();
  const form = policies.getByTestId('policy-form');
  await form.getByLabel('Navn').fill(name);
  const sites = form.getByTestId('policy-sites');
  await expect(sites.getByRole('radio', { name: 'Alle anlegg' })).toBeChecked();
  await sites.getByRole('radio', { name: 'Bare anleggene som er krysset av' }).check();
  await expect(sites.getByTestId('sites-chosen')).toHaveText('0 anlegg krysset av');

  // Ticking none is refused before the cloud is asked.
  const step = form.getByTestId('policy-step').first();
  await step.getByRole('button', { name: /Legg til i trinn 1/ }).click();
  await form.getByRole('button', { name: 'Lagre regelen' }).click();
  await expect(form.getByTestId('policy-error')).toHaveText('Kryss av minst ett anlegg, eller velg Alle anlegg.');

  await sites.getByLabel('Finn et anlegg').fill('zzqx');
  await expect(sites).toContainText('Ingen anlegg heter noe som «zzqx».');
  await sites.getByLabel('Finn et anlegg').fill('oslo');
  await sites.getByRole('checkbox', { name: oslo.name }).check();
  await expect(sites.getByTestId('sites-chosen')).toHaveText('1 anlegg krysset av');
  await expect(form.getByTestId('policy-error')).toHaveText('');
  // The ticked site stays listed whatever the search says.
  await sites.getByLabel('Finn et anlegg').fill('bergen');
  await expect(sites.getByRole('checkbox', { name: oslo.name })).toBeChecked();
  expect(await moderateOrWorseViolations(page)).toEqual([]);
  await sites.evaluate((element) => element.scrollIntoView({ block: 'center' })); // clear of the sticky header
  await sites.screenshot({ path: 'test-results/screens/oncall-policy-sites.png' });
  await form.getByRole('button', { name: 'Lagre regelen' }).click();

  await expect(policies.getByTestId('policies-notice')).toContainText(name);
  await expect.poll(async () => (await storedPolicy(request, name))?.sites).toEqual([oslo.uuid]);
  const card = policies.getByTestId('policy').filter({ hasText: name });
  await expect(card).toContainText('1 anlegg');

  // Editing shows the site ticked; "All sites" binds it to every site again.
  await card.getByRole('button', { name: `Endre ${name}` }).click();
  const edit = policies.getByTestId('policy-form');
  await expect(edit.getByTestId('policy-sites').getByRole('checkbox', { name: oslo.name })).toBeChecked();
  await edit.getByTestId('policy-sites').getByRole('radio', { name: 'Alle anlegg' }).check();
  await edit.getByRole('button', { name: 'Lagre regelen' }).click();
  await expect.poll(async () => {
    const policy = await storedPolicy(request, name);
    return policy ? policy.sites : 'gone';
  }).toBeNull();

  const stored = await storedPolicy(request, name);
  expect((await request.delete(`/cloud/alarms/escalations/policies/${stored!.id}`, { headers: await alarmsHeaders(request) })).status()).toBe(204);
});
