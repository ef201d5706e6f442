/**
 * Leaflet layers for the alarm markers, built with DOM nodes (text through textContent, never HTML
 * strings): a coloured dot per site, popups with the site link and latest tag, cluster icons
 * coloured by their most severe class.
 */
import type * as Leaflet from 'leaflet';
import { alarmClassRank, alarmClassTextColor, alarmMarkerColor, formatDateTime, i18n, type SiteAlarmMarker } from '@varde/core';
import type { LeafletModule } from './loadLeaflet.js';

export interface PopupTexts {
  latestTag(tag: string): string;
  activeCount(count: number): string;
  unacknowledgedCount(count: number): string;
}

interface AlarmMarkerOptions extends Leaflet.MarkerOptions {
  alarmRank: number;
  alarmGroup: string;
  unacknowledged: number;
}

function dot(doc: Document, color: string, alarmGroup: string): HTMLElement {
  const element = doc.createElement('span');
  element.className = 'varde-alarm-map__dot';
  element.style.background = color;
  element.dataset.class = alarmGroup;
  element.dataset.color = color;
  return element;
}

/** Where a marker's site name goes; `onOpen` may take over the click (a single-page host routes itself). */
export interface SiteLink {
  href: string;
  target: string;
  onOpen?: (href: string, event: MouseEvent) => void;
}

function popupContent(doc: Document, marker: SiteAlarmMarker, link: SiteLink | null, texts: PopupTexts, extra: PopupExtra | undefined): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'varde-alarm-map__popup';
  const name = doc.createElement(link ? 'a' : 'strong');
  name.textContent = marker.name;
  if (link && name instanceof HTMLAnchorElement) {
    name.href = link.href;
    name.target = link.target;
    if (link.target === '_blank') name.rel = 'noopener noreferrer';
    const onOpen = link.onOpen;
    if (onOpen) name.addEventListener('click', (event) => onOpen(link.href, event));
  }
  const latest = doc.createElement('span');
  latest.textContent = `${texts.latestTag(marker.latestTag)} (${formatDateTime(marker.latestTime, i18n.language)})`;
  const count = doc.createElement('span');
  count.textContent = texts.activeCount(marker.count);
  const unacknowledged = doc.createElement('span');
  unacknowledged.textContent = texts.unacknowledgedCount(marker.unacknowledged);
  box.append(name, latest, count, unacknowledged);
  const more = extra?.(doc, marker);
  if (more) box.append(more);
  return box;
}

/** More for a marker's popup, made when it opens (the operator's actions: popupActions.ts). */
export type PopupExtra = (doc: Document, marker: SiteAlarmMarker) => HTMLElement | null;

/**
 * Clusters take their most severe member's colour and show how many alarms there nobody has
 * acknowledged yet (what an operator acts on); the label says both counts.
 */
export function createClusterGroup(L: LeafletModule, doc: Document, label: (sites: number, unacknowledged: number) => string): Leaflet.MarkerClusterGroup {
  return L.markerClusterGroup({
    showCoverageOnHover: false,
    maxClusterRadius: 40,
    iconCreateFunction(cluster) {
      const children = cluster.getAllChildMarkers();
      const severest = children.reduce<AlarmMarkerOptions | null>((best, child) => {
        const options = child.options as AlarmMarkerOptions;
        return !best || options.alarmRank < best.alarmRank ? options : best;
      }, null);
      const group = severest?.alarmGroup ?? '';
      const element = doc.createElement('span');
      element.className = 'varde-alarm-map__cluster';
      element.style.background = alarmMarkerColor(group);
      element.style.setProperty('--cluster-text', alarmClassTextColor(group));
      const unacknowledged = children.reduce((sum, child) => sum + (child.options as AlarmMarkerOptions).unacknowledged, 0);
      element.dataset.class = group;
      element.dataset.unacknowledged = String(unacknowledged);
      // The number shown is the sites in the cluster (each has alarms): an unacknowledged count read "0"
      // on a cluster of acknowledged ones (issue 26, item 8). Both counts are in the label.
      element.dataset.sites = String(cluster.getChildCount());
      element.textContent = String(cluster.getChildCount());
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', label(cluster.getChildCount(), unacknowledged));
      element.title = label(cluster.getChildCount(), unacknowledged);
      return L.divIcon({ html: element, className: 'varde-alarm-map__marker', iconSize: L.point(34, 34) });
    },
  });
}

export function alarmMarkerLayer(
  L: LeafletModule,
  doc: Document,
  marker: SiteAlarmMarker,
  link: SiteLink | null,
  texts: PopupTexts,
  extra?: PopupExtra,
): Leaflet.Marker {
  const options: AlarmMarkerOptions = {
    icon: L.divIcon({ html: dot(doc, marker.color, marker.alarmGroup), className: 'varde-alarm-map__marker', iconSize: L.point(18, 18) }),
    title: marker.name,
    alt: marker.name,
    alarmRank: alarmClassRank(marker.alarmGroup),
    alarmGroup: marker.alarmGroup,
    unacknowledged: marker.unacknowledged,
    keyboard: true,
  };
  const layer = L.marker([marker.latitude, marker.longitude], options);
  layer.bindPopup(() => popupContent(doc, marker, link, texts, extra));
  return layer;
}
