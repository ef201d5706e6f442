import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { ALARM_MARKER_COLORS, listAllSites, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { AlarmMapWidget } from '../../src/alarmMap/Component.js';
import type { NavigateDetail } from '../../src/alarmTable/events.js';
import { SiteAlarmCardsWidget } from '../../src/siteAlarmCards/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** The alarm map (Leaflet loaded lazily, in a DOM) and the per-site cards, on one alarm feed. */
let cloud: Cloud;
let session: Session;
let online: Site[];

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  session = await signedInSharedSession(cloud, demoUsers.user);
  online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true);
  // One site of each colour: A red, B orange, anything else yellow.
  await cloud.context.alarms.raise({ siteUuid: online[0]!.uuid, alarmGroup: 'A', tagName: 'MAP-A' });
  await cloud.context.alarms.raise({ siteUuid: online[1]!.uuid, alarmGroup: 'B', tagName: 'MAP-B' });
  await cloud.context.alarms.raise({ siteUuid: online[2]!.uuid, alarmGroup: 'X', tagName: 'MAP-X' });
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

it('puts a marker per site with active alarms, coloured by its most severe class, with a popup and a link back', async () => {
  const navigations: NavigateDetail[] = [];
  const { container } = render(<AlarmMapWidget listHref="/alarms" onNavigate={(detail) => (navigations.push(detail), false)} />);
  await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
  // The reference cloud without --map-tiles: no tiles, the shipped outlines, and a note says so.
  await waitFor(() => expect(container.querySelector('[part="map"][data-outlines]')).not.toBeNull(), { timeout: 10_000 });
  expect(container.querySelector('.leaflet-tile-pane img')).toBeNull();
  expect(container.querySelector('[part="note"]')!.textContent).toContain('ingen kartserver er satt opp');
  // Leaflet's own CSS travels with the widget (for the shadow root).
  expect(container.querySelector('style')!.textContent).toContain('.leaflet-container');

  // Three sites were given alarms above (A, B and an unknown class); the seed adds more.
  await waitFor(() => expect(Number(container.querySelector('[data-testid="marker-count"]')!.textContent!.match(/\d+/)![0])).toBeGreaterThanOrEqual(3), {
    timeout: 10_000,
  });
  // happy-dom has no layout, so Leaflet places no marker on screen: colours are checked in Chromium (tests/e2e/sites).
  const legend = [...container.querySelectorAll<HTMLElement>('.varde-alarm-map__swatch')].map((swatch) => swatch.style.background);
  expect(legend).toEqual([ALARM_MARKER_COLORS.A, ALARM_MARKER_COLORS.B, ALARM_MARKER_COLORS.other]);

  fireEvent.click(container.querySelector('[part="list-link"]')!);
  expect(navigations).toEqual([{ href: '/alarms' }]);
}, 20_000);

it('cards show each site with active alarms, and leave out the named customer site', async () => {
  const { container } = render(<SiteAlarmCardsWidget excludeSite={online[1]!.name} />);
  const cardOf = (site: Site) => container.querySelector<HTMLElement>(`[part="card"][data-site-uuid="${site.uuid}"]`);
  await waitFor(() => expect(cardOf(online[0]!) && cardOf(online[2]!)).toBeTruthy(), { timeout: 10_000 });
  const card = container.querySelector<HTMLElement>(`[part="card"][data-site-uuid="${online[0]!.uuid}"]`)!;
  expect(card.dataset.class).toBe('A');
  expect(card.textContent).toContain('MAP-A');
  expect(card.textContent).toContain(online[0]!.name);
  expect(container.querySelector(`[part="card"][data-site-uuid="${online[1]!.uuid}"]`)).toBeNull();
  expect(cardOf(online[2]!)!.textContent).toContain(online[2]!.name);
}, 20_000);
