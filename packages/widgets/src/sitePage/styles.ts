// uPlot's own stylesheet as text, for the shadow root (the chart's legend and cursor need it).
import uplotCss from 'uplot/dist/uPlot.min.css?raw';

/** CSS of the site page: cards in a grid that becomes one column on a phone. */
export const sitePageStyles = `${uplotCss}
:host { display: block; }
.varde-site-page { font-family: var(--sl-font-sans, system-ui, sans-serif); color: var(--varde-fg, #1f2933); font-size: 14px; display: grid; gap: 16px; }
.varde-site-page__header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
/* In the portal the page frame's title size (--varde-page-title-size), so this h1 sits where every page's title does. */
.varde-site-page__title { font-size: var(--varde-page-title-size, 1.5rem); line-height: 1.25; margin: 0; overflow-wrap: anywhere; align-self: flex-start; }
.varde-site-page__status { display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px; border-radius: 999px; background: var(--varde-surface-alt); font-weight: 600; }
.varde-site-page__status::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: var(--status-color, #757575); }
.varde-site-page__open { margin-left: auto; display: inline-flex; align-items: center; padding: 6px 14px; border-radius: 6px; background: var(--varde-primary, #1f6f78); color: var(--varde-on-primary, #fff); font-weight: 600; text-decoration: none; }
.varde-site-page__open:focus-visible { outline: 3px solid var(--sl-color-primary-300, #7dd3fc); outline-offset: 2px; }
.varde-site-page__muted { color: var(--varde-muted, #52606d); margin: 0; }
.varde-site-page__stale { margin: 0; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); border-radius: var(--sl-border-radius-medium); background: var(--sl-color-warning-50); color: var(--sl-color-warning-900); border: 1px solid var(--sl-color-warning-300); }
[data-connected="false"] .varde-site-page__value { font-style: italic; }
.varde-site-page__grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 16px; align-items: start; }
.varde-site-page__card { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 12px 14px; background: var(--varde-surface, #fff); min-width: 0; }
.varde-site-page__heading { font-size: 1rem; margin: 0 0 8px; }
.varde-site-page__table { border-collapse: collapse; width: 100%; }
.varde-site-page__table th, .varde-site-page__table td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--varde-border, #d5dbe1); }
.varde-site-page__value { font-variant-numeric: tabular-nums; animation: varde-site-page-changed 1.2s ease-out; }
@keyframes varde-site-page-changed { from { background: var(--varde-attention-bg); } to { background: transparent; } }
@media (prefers-reduced-motion: reduce) { .varde-site-page__value { animation: none; } }
.varde-site-page__controls { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 8px; }
.varde-site-page__controls label { display: grid; gap: 2px; font-size: 12px; color: var(--varde-muted, #52606d); }
.varde-site-page__controls select { font: inherit; font-size: 14px; padding: 4px 6px; }
.varde-site-page__chart { min-height: 240px; width: 100%; overflow: hidden; }
.varde-site-page__alarms, .varde-site-page__rules { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.varde-site-page__rules li { display: grid; gap: 2px; }
.varde-site-page__rule-name { font-weight: 600; overflow-wrap: anywhere; }
.varde-site-page__alarms li { display: flex; gap: 10px; align-items: flex-start; }
.varde-site-page__class { flex: none; min-width: 1.5rem; text-align: center; border-radius: 4px; font-weight: 700; padding: 1px 4px; }
.varde-site-page__alarm-text { display: grid; gap: 2px; overflow-wrap: anywhere; }
.varde-site-page__alarm-text small { color: var(--varde-muted, #52606d); }
.varde-site-page__link { display: inline-block; margin-top: 10px; color: var(--sl-color-primary-700, #0369a1); }
@media (max-width: 760px) {
  .varde-site-page__grid { grid-template-columns: minmax(0, 1fr); }
  .varde-site-page__open { margin-left: 0; }
}
`;
