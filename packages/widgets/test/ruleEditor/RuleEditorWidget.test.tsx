import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createSession, getSiteRules, localSettings, saveSiteRules, setLanguage, setSharedSession, type Session } from '@varde/core';
import { RuleEditorWidget } from '../../src/ruleEditor/Component.js';
import { defineRuleEditor } from '../../src/ruleEditor/element.js';
import type { RulesChangeDetail, RuleTestDetail } from '../../src/ruleEditor/events.js';
import { demoSites } from '../../../server/src/seed/demoSites.js';
import { demoUid } from '../../../server/src/seed/demoSeed.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';

/** The rule editor in a DOM, signed in as the Fjordvarme admin against the reference cloud. */
let cloud: Cloud;
let session: Session;
const sites = demoSites();

beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());
afterEach(async () => {
  cleanup();
  await session?.dispose();
  setSharedSession(null);
});

async function signedInAdmin(): Promise<Session> {
  session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  setSharedSession(session);
  await session.start({ silent: false });
  await session.signInWithPassword(demoUsers.admin.email, demoUsers.admin.password);
  return session;
}

function found<T extends Element = HTMLElement>(root: ParentNode, selector: string): Promise<T> {
  return waitFor(() => {
    const element = root.querySelector<T>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  });
}
const textOf = (root: ParentNode) => (root as HTMLElement).textContent ?? '';
const click = (element: Element) => fireEvent.click(element);

async function openSite(container: HTMLElement, uuid: string): Promise<HTMLElement> {
  const group = await found(container, `[data-site="${uuid}"]`);
  click(group.querySelector('[data-action="expand"]')!);
  return found(container, `[data-site-rules="${uuid}"]`);
}

describe('RuleEditorWidget', () => {
  it('lists sites with their rule counts and shows a site\'s rules when expanded', async () => {
    await signedInAdmin();
    const { container } = render(<RuleEditorWidget />);
    const seeded = await found(container, `[data-site="${sites[10]!.uuid}"]`);
    expect(textOf(seeded.querySelector('[data-cell="rule-count"]')!)).toBe('2');
    expect(container.querySelector(`[data-site="${sites[45]!.uuid}"]`)).toBeNull(); // another partner's site

    const panel = await openSite(container, sites[10]!.uuid);
    const rows = await waitFor(() => {
      const found = panel.querySelectorAll('[data-rule]');
      if (found.length !== 2) throw new Error('rules not loaded');
      return found;
    });
    const first = rows[0]!;
    expect(textOf(first.querySelector('[data-cell="users"]')!)).toBe('1');
    expect(textOf(first.querySelector('[data-cell="threshold"]')!)).toBe('20');
    expect([...first.querySelectorAll('[data-cell="channels"] [data-icon]')].map((icon) => icon.getAttribute('data-icon'))).toEqual(['sms', 'mail']);

    const empty = await openSite(container, sites[12]!.uuid);
    expect(textOf(await found(empty, '[data-empty="rules"]'))).toBe('Ingen regler funnet');
  });

  it('refuses a bad rule in the dialog, saves a good one, tests it and deletes all', async () => {
    await signedInAdmin();
    const site = sites[16]!;
    const changes: RulesChangeDetail[] = [];
    const tests: RuleTestDetail[] = [];
    const { container } = render(<RuleEditorWidget onRulesChange={(d) => changes.push(d)} onRuleTest={(d) => tests.push(d)} />);
    const panel = await openSite(container, site.uuid);
    await found(panel, '[data-empty="rules"]');
    click(panel.querySelector('[data-action="new-rule"]')!);
    const dialog = await found(panel, '[data-dialog="rule"]');
    expect(textOf(dialog.querySelector('[data-field="site-name"]')!)).toBe(site.name);
    expect(textOf(dialog.querySelector('[data-field="rule-id"]')!)).toMatch(new RegExp(`^${site.uuid.slice(0, 8)}-rule-[a-z0-9]{6}$`));
    const slider = dialog.querySelector<HTMLInputElement>('[data-input="threshold-slider"]')!;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['5', '120', '5', '20']);

    // Nothing chosen: every message, nothing saved.
    const name = dialog.querySelector<HTMLInputElement>('[data-input="name"]')!;
    expect(name.value).toBe('');
    expect(name.maxLength).toBe(80);
    click(dialog.querySelector('[data-action="save"]')!);
    await waitFor(() => expect(textOf(dialog)).toContain('Velg minst en verdi'));
    expect(textOf(dialog)).toContain('You must select at least one user');
    expect(textOf(dialog.querySelector('[data-field="name"]')!)).toContain('Gi regelen et navn på 1 til 80 tegn, på én linje');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: '   ' } });
    click(dialog.querySelector('[data-action="save"]')!);
    expect(textOf(dialog.querySelector('[data-field="name"]')!)).toContain('Gi regelen et navn');
    // User text, shown as text: markup in a name stays letters.
    fireEvent.change(name, { target: { value: '  Vakttelefon <b>natt</b>  ' } });
    await waitFor(() => expect(textOf(dialog.querySelector('[data-field="name"]')!)).not.toContain('Gi regelen et navn'));

    const smsUser = await found<HTMLInputElement>(dialog, `[data-user="${demoUid('sms')}"]`);
    click(smsUser);
    click(dialog.querySelector('[data-channel="sms"]')!);
    const minutes = dialog.querySelector<HTMLInputElement>('[data-input="threshold"]')!;
    for (const bad of ['3', '121', 'abc', '22']) {
      fireEvent.change(minutes, { target: { value: bad } });
      await waitFor(() => expect(textOf(dialog)).toContain('Terskelen må være et helt antall minutter'));
      click(dialog.querySelector('[data-action="save"]')!);
    }
    expect(await getSiteRules(session.http, site.uuid)).toEqual({});
    expect(changes).toEqual([]);

    fireEvent.change(slider, { target: { value: '35' } });
    await waitFor(() => expect(minutes.value).toBe('35'));
    const ruleId = textOf(dialog.querySelector('[data-field="rule-id"]')!);
    click(dialog.querySelector('[data-action="save"]')!);
    const snackbar = await found(container, '[data-snackbar="success"]');
    expect(textOf(snackbar)).toBe('Regelsett oppdatert!');
    await waitFor(() => expect(panel.querySelector('[data-dialog="rule"]')).toBeNull());
    expect(await getSiteRules(session.http, site.uuid)).toEqual({
      [ruleId]: { ruleId, name: 'Vakttelefon <b>natt</b>', channeltype: ['sms'], threshold: 35, users: [demoUid('sms')] },
    });
    expect(changes).toEqual([{ siteUuid: site.uuid, action: 'save', ruleId, ruleCount: 1 }]);
    expect(textOf(container.querySelector(`[data-site="${site.uuid}"] [data-cell="rule-count"]`)!)).toBe('1');
    // A rule is described as people read it, never by its id (issue 26, item 8): the id is in the dialog and the tooltip.
    // Its name is the row's heading, with what it does under it.
    const row = panel.querySelector(`[data-rule="${ruleId}"]`)!;
    expect(textOf(row.querySelector('[data-rule-name]')!)).toBe('Vakttelefon <b>natt</b>');
    expect(row.querySelector('b')).toBeNull();
    expect(textOf(row.querySelector('[data-cell="name"]')!)).toBe('Vakttelefon <b>natt</b>SMS etter 35 min til 1 bruker');
    expect(textOf(row)).not.toContain(ruleId);
    expect(row.querySelector('[data-cell="name"]')!.getAttribute('title')).toBe(`Regel-id: ${ruleId}`);

    // Test from the row: spinner, then the green success list.
    click(await found(panel, `[data-rule="${ruleId}"] [data-action="test"]`));
    const testDialog = await found(panel, '[data-dialog="test"]');
    expect(textOf(testDialog)).toContain('Test av Vakttelefon <b>natt</b>');
    const success = await found(testDialog, '[data-test-status="200"]');
    expect(textOf(success)).toContain('sms@varde.test');
    expect(textOf(success)).toContain('+4791234567');
    expect(tests).toEqual([{ siteUuid: site.uuid, ruleId, status: 200, sent: 1, skipped: 0 }]);
    click(testDialog.querySelector('[data-action="close-test"]')!);

    // Renamed in the dialog, which opens with the stored name.
    click(await found(panel, `[data-rule="${ruleId}"] [data-action="edit"]`));
    const edit = await found(panel, '[data-dialog="rule"]');
    const stored = edit.querySelector<HTMLInputElement>('[data-input="name"]')!;
    expect(stored.value).toBe('Vakttelefon <b>natt</b>');
    fireEvent.change(stored, { target: { value: 'Vakttelefon helg' } });
    click(edit.querySelector('[data-action="save"]')!);
    await waitFor(() => expect(textOf(panel.querySelector(`[data-rule="${ruleId}"] [data-rule-name]`)!)).toBe('Vakttelefon helg'));
    expect((await getSiteRules(session.http, site.uuid))[ruleId]?.name).toBe('Vakttelefon helg');

    click(panel.querySelector('[data-action="delete-all"]')!);
    click((await found(panel, '[data-dialog="confirm"]')).querySelector('[data-action="confirm"]')!);
    await waitFor(() => expect(textOf(container.querySelector('[part="snackbar"]')!)).toBe('Alle regler slettet'));
    await found(panel, '[data-empty="rules"]');
    expect(await getSiteRules(session.http, site.uuid)).toEqual({});
  });

  it('tests an e-mail-only rule of a user without a phone: the e-mail is sent, and the log shows it', async () => {
    await signedInAdmin();
    const site = sites[17]!;
    const prefix = site.uuid.slice(0, 8);
    await saveSiteRules(session.http, site.uuid, {
      [`${prefix}-rule-admin1`]: { ruleId: `${prefix}-rule-admin1`, name: 'Driftsleder e-post', channeltype: ['mail'], threshold: 20, users: [demoUid('admin')] },
      [`${prefix}-rule-sms001`]: { ruleId: `${prefix}-rule-sms001`, channeltype: ['sms'], threshold: 20, users: [demoUid('sms')] },
    });
    // The SMS user loses the site: the rule still names them, and the dialog will not save it so.
    await cloud.context.realtime.set(`/users/${demoUid('sms')}/controllers/${site.uuid}`, null);
    const { container } = render(<RuleEditorWidget site={site.uuid} />);
    const panel = await found(container, `[data-site-rules="${site.uuid}"]`);

    click(await found(panel, `[data-rule="${prefix}-rule-admin1"] [data-action="test"]`));
    const result = await found(panel, '[data-test-status="200"]');
    expect(result.getAttribute('data-test-tone')).toBe('success');
    const mail = result.querySelector(`[data-delivery="${demoUid('admin')}:mail"]`)!;
    expect(mail.getAttribute('data-outcome')).toBe('sent');
    expect(textOf(mail)).toContain('sendt til admin@varde.test');
    expect(result.querySelector('[data-delivery$=":sms"]')).toBeNull();
    expect((await cloud.context.outbox.list({ to: 'admin@varde.test' })).some((m) => m.body.includes('«Driftsleder e-post»'))).toBe(true);
    click(panel.querySelector('[data-action="close-test"]')!);

    click(await found(panel, `[data-rule="${prefix}-rule-admin1"] [data-action="log"]`));
    const log = await found(panel, '[data-dialog="log"]');
    const entry = await found(log, '[data-log-entry="test"]');
    expect(entry.getAttribute('data-outcome')).toBe('sent');
    expect(textOf(entry)).toContain('sendt til admin@varde.test');
    click(log.querySelector('[data-action="close-log"]')!);

    click(await found(panel, `[data-rule="${prefix}-rule-sms001"] [data-action="edit"]`));
    const dialog = await found(panel, '[data-dialog="rule"]');
    await waitFor(() => expect(textOf(dialog)).toContain(`Ukjent bruker ${demoUid('sms')}`));
    click(dialog.querySelector('[data-action="save"]')!);
    await waitFor(() => expect(textOf(dialog)).toContain(`Ukjent bruker-id ${demoUid('sms')}`));
    expect(container.querySelector('[data-snackbar]')).toBeNull();
  });

  it('tests an unsaved draft over the open dialog: a missing phone is a translated skip, and the draft is kept', async () => {
    await signedInAdmin();
    const site = sites[19]!;
    const tests: RuleTestDetail[] = [];
    const { container } = render(<RuleEditorWidget site={site.uuid} onRuleTest={(d) => tests.push(d)} />);
    const panel = await found(container, `[data-site-rules="${site.uuid}"]`);
    click(await found(panel, '[data-action="new-rule"]'));
    const dialog = await found(panel, '[data-dialog="rule"]');
    const ruleId = textOf(dialog.querySelector('[data-field="rule-id"]')!);

    // Test with nothing chosen shows what is missing instead of testing.
    click(dialog.querySelector('[data-action="test-rule"]')!);
    await waitFor(() => expect(textOf(dialog)).toContain('Velg minst en verdi'));
    expect(panel.querySelector('[data-dialog="test"]')).toBeNull();

    fireEvent.change(dialog.querySelector('[data-input="name"]')!, { target: { value: 'Utkast' } });
    const adminBox = await found<HTMLInputElement>(dialog, `[data-user="${demoUid('admin')}"]`);
    expect(adminBox.closest('label')!.querySelector('[data-no-phone]')).not.toBeNull();
    click(adminBox);
    click(dialog.querySelector('[data-channel="mail"]')!);
    expect(dialog.querySelector('[data-warning="sms-no-phone"]')).toBeNull();
    click(dialog.querySelector('[data-channel="sms"]')!);
    const warning = await found(dialog, '[data-warning="sms-no-phone"]');
    expect(textOf(warning)).toContain('admin@varde.test');
    expect(textOf(warning)).toContain('Ingen SMS kan nå');

    click(dialog.querySelector('[data-action="test-rule"]')!);
    const result = await found(panel, '[data-dialog="test"] [data-test-status="200"]');
    expect(result.getAttribute('data-test-tone')).toBe('partial');
    const sms = result.querySelector(`[data-delivery="${demoUid('admin')}:sms"]`)!;
    expect(sms.getAttribute('data-reason')).toBe('missing-phone-number');
    expect(textOf(sms)).toContain('ikke sendt: mangler telefonnummer');
    expect(textOf(result)).not.toContain('missing-phone-number');
    expect(textOf(result.querySelector(`[data-delivery="${demoUid('admin')}:mail"]`)!)).toContain('sendt til admin@varde.test');
    expect(tests).toEqual([{ siteUuid: site.uuid, ruleId, status: 200, sent: 1, skipped: 1 }]);

    click(panel.querySelector('[data-action="close-test"]')!);
    await waitFor(() => expect(panel.querySelector('[data-dialog="test"]')).toBeNull());
    // The draft is still there, unsaved.
    expect(panel.querySelector<HTMLInputElement>(`[data-dialog="rule"] [data-user="${demoUid('admin')}"]`)!.checked).toBe(true);
    expect(await getSiteRules(session.http, site.uuid)).toEqual({});
  });
});

describe('the test result in each language', () => {
  it('says in Swedish and English what was sent and why an SMS was not, and follows a language change', async () => {
    await signedInAdmin();
    const site = sites[18]!;
    await setLanguage('se');
    try {
      const { container } = render(<RuleEditorWidget site={site.uuid} />);
      const panel = await found(container, `[data-site-rules="${site.uuid}"]`);
      click(await found(panel, '[data-action="new-rule"]'));
      const dialog = await found(panel, '[data-dialog="rule"]');
      expect(textOf(dialog.querySelector('[data-field="name"] label')!)).toBe('Namn');
      fireEvent.change(dialog.querySelector('[data-input="name"]')!, { target: { value: 'Jourtelefon' } });
      click(await found(dialog, `[data-user="${demoUid('admin')}"]`));
      click(dialog.querySelector('[data-channel="sms"]')!);
      click(dialog.querySelector('[data-channel="mail"]')!);
      expect(textOf(await found(dialog, '[data-warning="sms-no-phone"]'))).toContain('Inget SMS kan nå');
      click(dialog.querySelector('[data-action="test-rule"]')!);
      const result = await found(panel, '[data-dialog="test"] [data-test-status="200"]');
      const sms = `[data-delivery="${demoUid('admin')}:sms"]`;
      expect(textOf(result.querySelector(sms)!)).toContain('inte skickat: inget telefonnummer');
      expect(textOf(result)).toContain('skickat till admin@varde.test');
      expect(textOf(result)).toContain('1 skickade, 1 inte skickade:');

      await setLanguage('en');
      await waitFor(() => expect(textOf(result.querySelector(sms)!)).toContain('not sent: no phone number'));
      expect(textOf(result)).toContain('sent to admin@varde.test');
      expect(textOf(result)).toContain('1 sent, 1 not sent:');
    } finally {
      await setLanguage('no');
    }
  });
});

describe('<varde-rule-editor>', () => {
  it('renders one site from its attribute and emits varde-rules-change on the document', async () => {
    await signedInAdmin();
    defineRuleEditor();
    const site = sites[18]!;
    const events: RulesChangeDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<RulesChangeDetail>).detail);
    document.addEventListener('varde-rules-change', listener);
    const element = document.createElement('varde-rule-editor');
    element.setAttribute('site', site.uuid);
    document.body.append(element);
    try {
      const root = element.shadowRoot!;
      const panel = await found(root, `[data-site-rules="${site.uuid}"]`);
      expect(root.querySelectorAll('[data-site]')).toHaveLength(1);
      click(await found(panel, '[data-action="new-rule"]'));
      const dialog = await found(panel, '[data-dialog="rule"]');
      fireEvent.change(dialog.querySelector('[data-input="name"]')!, { target: { value: 'Driftsleder' } });
      click(await found(dialog, `[data-user="${demoUid('admin')}"]`));
      click(dialog.querySelector('[data-channel="mail"]')!);
      click(dialog.querySelector('[data-action="save"]')!);
      await waitFor(() => expect(events).toHaveLength(1));
      expect(events[0]).toMatchObject({ siteUuid: site.uuid, action: 'save', ruleCount: 1 });
    } finally {
      document.removeEventListener('varde-rules-change', listener);
      element.remove();
    }
  });
});
