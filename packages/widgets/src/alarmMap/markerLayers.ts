/**
 * Leaflet layers for the alarm markers, built with DOM nodes (text through textContent, never HTML
 * strings): a coloured dot per site, popups with the site link and latest tag, cluster icons
 * coloured by their most severe class.
 */
import type * as Leaflet from 'leaflet';
import { alarmClassRank, alarmMarkerColor, formatAlarmTime, type SiteAlarmMarker } from '@varde/core';
import type { LeafletModule } from './loadLeaflet.js';

export interface PopupTexts {
  latestTag(tag: string): string;
  activeCount(count: number): string;
}

interface AlarmMarkerOptions extends Leaflet.MarkerOptions {
  alarmRank: number;
  alarmGroup: string;
}

function dot(doc: Document, color: string, alarmGroup: string): HTMLElement {
  const element = doc.createElement('span');
  element.className = 'varde-alarm-map__dot';
  element.style.background = color;
  element.dataset.class = alarmGroup;
  element.dataset.color = color;
  return element;
}

function popupContent(doc: Document, marker: SiteAlarmMarker, link: string | null, target: string, texts: PopupTexts): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'varde-alarm-map__popup';
  const name = doc.createElement(link ? 'a' : 'strong');
  name.textContent = marker.name;
  if (link && name instanceof HTMLAnchorElement) {
    name.href = link;
    name.target = target;
    name.rel = 'noopener noreferrer';
  }
  const latest = doc.createElement('span');
  latest.textContent = `${texts.latestTag(marker.latestTag)} (${formatAlarmTime(marker.latestTime)})`;
  const count = doc.createElement('span');
  count.textContent = texts.activeCount(marker.count);
  box.append(name, latest, count);
  return box;
}

export function createClusterGroup(L: LeafletModule, doc: Document): Leaflet.MarkerClusterGroup {
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
      // White digits on red; dark ones on orange and yellow (contrast).
      if (alarmClassRank(group) > 0) element.style.setProperty('--cluster-text', '#1b1b1b');
      element.dataset.class = group;
      element.textContent = String(cluster.getChildCount());
      return L.divIcon({ html: element, className: 'varde-alarm-map__marker', iconSize: L.point(34, 34) });
    },
  });
}

export function alarmMarkerLayer(
  L: LeafletModule,
  doc: Document,
  marker: SiteAlarmMarker,
  link: string | null,
  target: string,
  texts: PopupTexts,
): Leaflet.Marker {
  const options: AlarmMarkerOptions = {
    icon: L.divIcon({ html: dot(doc, marker.color, marker.alarmGroup), className: 'varde-alarm-map__marker', iconSize: L.point(18, 18) }),
    title: marker.name,
    alt: marker.name,
    alarmRank: alarmClassRank(marker.alarmGroup),
    alarmGroup: marker.alarmGroup,
    keyboard: true,
  };
  const layer = L.marker([marker.latitude, marker.longitude], options);
  layer.bindPopup(() => popupContent(doc, marker, link, target, texts));
  return layer;
}

/**
 * Without map tiles (offline), a light latitude/longitude grid every 2° (labelled) gives the markers
 * a frame of reference.
 */
export function graticuleLayer(L: LeafletModule): Leaflet.LayerGroup {
  const group = L.layerGroup();
  const line = { color: '#9fb3c0', weight: 1, opacity: 0.6, interactive: false };
  for (let lat = 50; lat <= 80; lat += 2) {
    L.polyline([[lat, -20], [lat, 45]], line).addTo(group);
    L.marker([lat, -2], { icon: L.divIcon({ html: `${lat}°N`, className: 'varde-alarm-map__grid-label', iconSize: L.point(36, 14) }), interactive: false, keyboard: false }).addTo(group);
  }
  for (let lon = -20; lon <= 45; lon += 4) {
    L.polyline([[50, lon], [80, lon]], line).addTo(group);
  }
  return group;
}
