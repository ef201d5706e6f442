import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { apiLogin, findUser } from '../users/helpers.js';
import { menuIds, useLanguage } from './shellHelpers.js';
import { signInAs } from '../savedSignIn.js';

/** An admin's change of a signed-in user's modules reaches that user's menu and gates without a reload. */

async function setModule(request: APIRequestContext, uid: string, module: string, on: boolean): Promise<void> {
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const answer = await request.fetch(`/cloud/users/users/${uid}/modules/${module}`, {
    method: on ? 'PUT' : 'DELETE',
    headers: { authorization: `Bearer ${admin.token('users')}` },
  });
  expect(answer.status()).toBe(200);
}

test('a module granted while signed in appears in the menu; revoked, its page says the access is missing', async ({ page, request }) => {
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const guest = await findUser(request, admin, demoUsers.guest.email);
  expect(guest?.moduleAccesses.alarms).toBeUndefined();

  await useLanguage(page, 'en');
  await signInAs(page, '/sites', demoUsers.guest.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
  expect(await menuIds(page)).toEqual(['sites']);

  try {
    await setModule(request, guest!.uid, 'alarms', true);
    await expect.poll(() => menuIds(page)).toEqual(['sites', 'alarms', 'alarms-list', 'alarms-map', 'alarms-oncall']);
    await page.getByTestId('menu-alarms-list').click();
    await expect(page).toHaveURL(/\/alarms$/);

    await setModule(request, guest!.uid, 'alarms', false);
    await expect(page.getByTestId('no-access')).toBeVisible();
    await expect(page).toHaveURL(/\/alarms$/);
    expect(await menuIds(page)).toEqual(['sites']);
  } finally {
    await setModule(request, guest!.uid, 'alarms', false);
  }
});
