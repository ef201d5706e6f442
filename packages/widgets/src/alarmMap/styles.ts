// Leaflet's own stylesheets as text, for the shadow root (a page stylesheet cannot reach inside it). Their
// image rules (layers control, default marker icon) stay unused: the map has neither, so nothing is fetched.
import leafletCss from 'leaflet/dist/leaflet.css?raw';
import markerClusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?raw';

/** CSS of the alarm map, inside its shadow root: Leaflet's own CSS first, then the widget's. */
export const alarmMapStyles = `${leafletCss}
${markerClusterCss}
:host { display: block; font-family: var(--sl-font-sans); }
.varde-alarm-map { display: flex; flex-direction: column; gap: var(--sl-spacing-small); font-family: var(--sl-font-sans); font-size: var(--sl-font-size-small); }
.varde-alarm-map__bar { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small) var(--sl-spacing-large); }
.varde-alarm-map__link { color: var(--sl-color-primary-700); display: inline-flex; align-items: center; gap: 4px; }
.varde-alarm-map__legend { display: inline-flex; align-items: center; gap: var(--sl-spacing-small); color: var(--sl-color-neutral-700); flex-wrap: wrap; }
.varde-alarm-map__swatch { display: inline-block; width: 0.75rem; height: 0.75rem; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px rgb(0 0 0 / 35%); vertical-align: middle; margin-right: 4px; }
.varde-alarm-map__canvas { height: var(--varde-alarm-map-height, 70vh); min-height: 320px; border-radius: var(--sl-border-radius-medium);
  border: 1px solid var(--sl-color-neutral-200); background: var(--varde-alarm-map-background, #dfe9ef); position: relative; z-index: 0; }
.varde-alarm-map__note { color: var(--sl-color-neutral-600); margin: 0; }
.varde-alarm-map__error { color: var(--sl-color-danger-700); margin: 0; }
.varde-alarm-map__marker { background: transparent; border: 0; }
.varde-alarm-map__dot { display: block; width: 18px; height: 18px; border-radius: 50%; border: 3px solid #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 45%); box-sizing: border-box; }
.varde-alarm-map__cluster { display: flex; align-items: center; justify-content: center; width: 34px; height: 34px; border-radius: 50%; border: 3px solid #fff;
  box-shadow: 0 1px 5px rgb(0 0 0 / 45%); color: var(--cluster-text, #fff); font-weight: 700; font-size: 13px; box-sizing: border-box; }
.varde-alarm-map__grid-label { background: transparent; border: 0; color: var(--varde-muted); font-size: 11px; white-space: nowrap; }
.varde-alarm-map__popup { display: flex; flex-direction: column; gap: 2px; font-family: var(--sl-font-sans); }
.varde-alarm-map__popup a { font-weight: 600; }
.varde-alarm-map__actions { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; border-top: 1px solid var(--sl-color-neutral-200); padding-top: 6px; }
.varde-alarm-map__actions ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.varde-alarm-map__actions li { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.varde-alarm-map__actions li > span { flex: 1 1 100%; }
.varde-alarm-map__action { font: inherit; font-size: 0.85em; min-height: 28px; padding: 2px 8px; border: 1px solid var(--sl-color-neutral-400); border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-900); cursor: pointer; }
.varde-alarm-map__action:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.varde-alarm-map__action:disabled { opacity: 0.6; cursor: default; }
/* Dark: the shipped basemap, Leaflet's controls and popups on dark grounds (CSS wins over the SVG's fill attributes). */
.sl-theme-dark .varde-alarm-map__canvas { background: var(--varde-alarm-map-background, #16232b); border-color: var(--varde-border); }
.sl-theme-dark .varde-alarm-map__land { fill: #273136; }
.sl-theme-dark .varde-alarm-map__coast { stroke: #6d8494; }
.sl-theme-dark .varde-alarm-map__border { stroke: #56656f; }
.sl-theme-dark .leaflet-bar a, .sl-theme-dark .leaflet-bar a:hover { background-color: var(--varde-surface); color: var(--varde-fg); border-bottom-color: var(--varde-border); }
.sl-theme-dark .leaflet-control-attribution { background: rgb(28 35 39 / 85%); color: var(--varde-muted); }
.sl-theme-dark .leaflet-control-attribution a, .sl-theme-dark .leaflet-popup-content a { color: var(--sl-color-primary-700); }
.sl-theme-dark .leaflet-popup-content-wrapper, .sl-theme-dark .leaflet-popup-tip { background: var(--varde-surface); color: var(--varde-fg); }
.sl-theme-dark .leaflet-container a.leaflet-popup-close-button { color: var(--varde-muted); }
`;
