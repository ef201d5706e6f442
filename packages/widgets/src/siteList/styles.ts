/** CSS of <varde-site-list>, inside its shadow root. Custom properties and parts are in README.md. */
export const siteListStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--sl-color-neutral-900); }
.varde-site-list { display: flex; flex-direction: column; gap: var(--sl-spacing-small); height: 100%; min-height: 0; font-family: var(--sl-font-sans); }
.varde-site-list__banner { margin: 0; padding: var(--sl-spacing-small) var(--sl-spacing-medium); border-radius: var(--sl-border-radius-medium);
  background: var(--varde-site-list-banner-background, var(--sl-color-warning-100)); color: var(--sl-color-warning-900);
  border: 1px solid var(--sl-color-warning-300); overflow-wrap: anywhere; }
.varde-site-list__banner-label { font-weight: var(--sl-font-weight-semibold); margin-right: var(--sl-spacing-x-small); }
.varde-site-list__scroller { flex: 1 1 auto; min-height: 0; overflow-y: auto; max-height: var(--varde-site-list-max-height, 70vh);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-0); }
.varde-site-list__spacer { position: relative; }
.varde-site-list__window { position: absolute; left: 0; right: 0; top: 0; }
.varde-site-list__row { box-sizing: border-box; height: 64px; display: grid; grid-template-columns: 2rem minmax(0, 1fr) auto; align-items: center;
  gap: var(--sl-spacing-small); padding: 0 var(--sl-spacing-medium); border-bottom: 1px solid var(--sl-color-neutral-100); }
.varde-site-list__row--online:hover { background: var(--sl-color-primary-50); }
.varde-site-list__icon { display: inline-flex; align-items: center; justify-content: center; font-size: 1.25rem; width: 2rem; height: 2rem; }
.varde-site-list__icon--bell { color: var(--varde-site-list-online-color, var(--sl-color-success-600)); }
.varde-site-list__icon--cloud-off { color: var(--varde-site-list-offline-color, var(--sl-color-neutral-500)); }
.varde-site-list__icon--sync-error { color: var(--sl-color-danger-600); }
.varde-site-list__main { min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.varde-site-list__name { font-weight: var(--sl-font-weight-semibold); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: inherit; text-decoration: none; }
a.varde-site-list__name { color: var(--sl-color-primary-700); }
a.varde-site-list__name:hover, a.varde-site-list__name:focus-visible { text-decoration: underline; }
.varde-site-list__status-text { color: color-mix(in srgb, var(--status-color, var(--sl-color-neutral-900)) 60%, var(--varde-fg)); font-size: var(--sl-font-size-small); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.varde-site-list__alarm { font-size: var(--sl-font-size-small); display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); white-space: nowrap; text-align: right; }
/* Darkened so every class colour (yellow too) reads on white (WCAG AA). */
.varde-site-list__alarm-text { color: color-mix(in srgb, var(--alarm-color, var(--sl-color-neutral-700)) 45%, var(--varde-fg)); }
.varde-site-list__alarm--none .varde-site-list__alarm-text { color: inherit; }
.varde-site-list__alarm-dot { width: 0.625rem; height: 0.625rem; border-radius: 50%; flex: none; }
.varde-site-list__alarm--none { color: var(--sl-color-neutral-600); }
.varde-site-list__alarm--active, .varde-site-list__alarm--unacked { font-weight: var(--sl-font-weight-semibold); }
.varde-site-list__more { height: 40px; display: flex; align-items: center; justify-content: center; gap: var(--sl-spacing-small); font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-600); }
@media (max-width: 480px) {
  .varde-site-list__row { grid-template-columns: 1.75rem minmax(0, 1fr); grid-template-rows: auto auto; padding: 0 var(--sl-spacing-small); row-gap: 0; }
  .varde-site-list__alarm { grid-column: 2; justify-content: flex-start; }
}
`;
