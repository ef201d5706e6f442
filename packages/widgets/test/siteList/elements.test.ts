import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { defineVardeAlarmMap } from '../../src/alarmMap/element.js';
import { defineVardeAlarmTable } from '../../src/alarmTable/element.js';
import { defineVardeSiteAlarmCards } from '../../src/siteAlarmCards/element.js';
import { defineVardeSiteList } from '../../src/siteList/element.js';
import { defineVardeTagSearch } from '../../src/tagSearch/element.js';

/** The sites/alarms/search widgets as custom elements: attributes, properties, shadow roots, composed events. */
afterEach(() => {
  document.body.innerHTML = '';
});

it('defines each element once; attributes reflect to properties', () => {
  for (const define of [defineVardeSiteList, defineVardeAlarmTable, defineVardeAlarmMap, defineVardeSiteAlarmCards, defineVardeTagSearch]) {
    expect(define()).toBe(define());
  }
  const list = document.createElement('varde-site-list');
  list.setAttribute('list', 'adminControllers');
  list.setAttribute('mobile-app', '');
  expect(list.list).toBe('adminControllers');
  expect(list.mobileApp).toBe(true);
  const map = document.createElement('varde-alarm-map');
  map.tileUrl = 'none';
  expect(map.getAttribute('tile-url')).toBe('none');
  const cards = document.createElement('varde-site-alarm-cards');
  cards.setAttribute('exclude-site', 'Oslo Vannverk');
  expect(cards.excludeSite).toBe('Oslo Vannverk');
});

it('the table link to the map leaves the shadow root as a composed, cancelable varde-navigate event', async () => {
  defineVardeAlarmTable();
  const table = document.createElement('varde-alarm-table');
  table.setAttribute('map-href', '/alarms/map');
  document.body.append(table);
  const link = await waitFor(() => {
    const found = table.shadowRoot?.querySelector<HTMLAnchorElement>('[part="map-link"]');
    if (!found) throw new Error('no link yet');
    return found;
  });
  const seen: string[] = [];
  document.addEventListener('varde-navigate', (event) => {
    seen.push(event.detail.href);
    event.preventDefault();
  }, { once: true });
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0 });
  link.dispatchEvent(click);
  expect(seen).toEqual(['/alarms/map']);
  expect(click.defaultPrevented).toBe(true);
});

it('the map element carries Leaflet\'s CSS inside its shadow root; examples are a property, never an attribute', async () => {
  defineVardeAlarmMap();
  defineVardeTagSearch();
  const map = document.createElement('varde-alarm-map');
  document.body.append(map);
  await waitFor(() => expect(map.shadowRoot?.querySelector('style')?.textContent).toContain('.leaflet-container'));
  const search = document.createElement('varde-tag-search');
  search.examples = ['Pumpe', 'Ventil'];
  document.body.append(search);
  await waitFor(() => expect([...search.shadowRoot!.querySelectorAll<HTMLElement>('[part="example"]')].map((b) => b.dataset.example)).toEqual(['Pumpe', 'Ventil']));
  expect(search.hasAttribute('examples')).toBe(false);
});
