import { snackbarStyles } from '../shared/Snackbar.js';

/** CSS of <varde-licenses>. Parts and custom properties are in README.md. */
export const licensesStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--varde-licenses-color, var(--sl-color-neutral-900)); }
.varde-licenses { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); font-size: var(--sl-font-size-medium); }
.varde-licenses__toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--sl-spacing-medium); }
.varde-licenses__field { display: flex; flex-direction: column; gap: var(--sl-spacing-2x-small); min-width: 0; }
.varde-licenses__field label { font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-neutral-700); }
.varde-licenses input[type=text], .varde-licenses input[type=email], .varde-licenses input[type=search], .varde-licenses select {
  font: inherit; padding: 0.45rem 0.6rem; border: 1px solid var(--sl-color-neutral-400); border-radius: var(--sl-border-radius-medium);
  background: var(--varde-licenses-input-background, var(--varde-surface, #fff)); color: inherit; min-height: 2.4rem; box-sizing: border-box; max-width: 100%; }
.varde-licenses input:focus-visible, .varde-licenses select:focus-visible, .varde-licenses button:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.varde-licenses [aria-invalid=true] { border-color: var(--sl-color-danger-600); }
.varde-licenses__search { flex: 1 1 12rem; max-width: 24rem; }
.varde-licenses__switch { display: inline-flex; align-items: center; gap: var(--sl-spacing-x-small); min-height: 2.4rem; cursor: pointer; }
.varde-licenses__switch input { width: 1.1rem; height: 1.1rem; accent-color: var(--sl-color-primary-600); }
.varde-licenses__status { display: flex; align-items: center; gap: var(--sl-spacing-small); color: var(--sl-color-neutral-700); }
.varde-licenses__table { width: 100%; border-collapse: collapse; }
.varde-licenses__table th { text-align: left; font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-neutral-700); border-bottom: 2px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); white-space: nowrap; }
.varde-licenses__table td { border-bottom: 1px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); vertical-align: middle; overflow-wrap: break-word; }
.varde-licenses__date { white-space: nowrap; }
.varde-licenses__expand { font: inherit; color: var(--sl-color-primary-700); background: none; border: 0; padding: 0.25rem 0; cursor: pointer; text-align: left; }
.varde-licenses__expanded > td { background: var(--sl-color-neutral-50); }
.varde-licenses__details { display: grid; grid-template-columns: max-content 1fr; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); margin: var(--sl-spacing-x-small) 0 var(--sl-spacing-small); }
.varde-licenses__details dt { color: var(--sl-color-neutral-600); }
.varde-licenses__details dd { margin: 0; overflow-wrap: anywhere; }
.varde-licenses__chain { margin: 0; padding-left: 1.2rem; font-family: var(--sl-font-mono); font-size: var(--sl-font-size-small); }
.varde-licenses__actions { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); }
.varde-licenses__overlay { position: fixed; inset: 0; z-index: 900; background: rgb(0 0 0 / 0.45); display: flex; align-items: stretch; justify-content: stretch; }
.varde-licenses__overlay--small { align-items: center; justify-content: center; padding: var(--sl-spacing-medium); }
.varde-licenses__dialog { flex: 1; display: flex; flex-direction: column; background: var(--varde-licenses-dialog-background, var(--varde-surface, #fff)); color: var(--sl-color-neutral-900); min-height: 0; }
.varde-licenses__dialog-header { display: flex; align-items: center; justify-content: space-between; padding: var(--sl-spacing-medium) var(--sl-spacing-large); border-bottom: 1px solid var(--sl-color-neutral-200); }
.varde-licenses__dialog-header h2 { margin: 0; font-size: var(--sl-font-size-x-large); outline: none; }
.varde-licenses__close { font-size: 1.6rem; line-height: 1; background: none; border: 0; cursor: pointer; color: inherit; padding: 0.25rem 0.5rem; }
.varde-licenses__dialog-body { flex: 1; overflow: auto; padding: var(--sl-spacing-large); display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr)); gap: var(--sl-spacing-medium) var(--sl-spacing-large); align-content: start; }
.varde-licenses__note { grid-column: 1 / -1; margin: 0; color: var(--sl-color-neutral-700); }
.varde-licenses__dialog-footer { display: flex; justify-content: flex-end; gap: var(--sl-spacing-small); padding: var(--sl-spacing-medium) var(--sl-spacing-large); border-top: 1px solid var(--sl-color-neutral-200); }
.varde-licenses__confirm { background: var(--varde-licenses-dialog-background, var(--varde-surface, #fff)); border-radius: var(--sl-border-radius-large); box-shadow: var(--sl-shadow-x-large); max-width: 28rem; width: 100%; }
.varde-licenses__confirm > p { margin: var(--sl-spacing-large) var(--sl-spacing-large) 0; }
.varde-licenses__confirm > p:first-child { font-weight: var(--sl-font-weight-semibold); }
.varde-licenses__error { color: var(--sl-color-danger-700); font-size: var(--sl-font-size-small); }
.varde-licenses__hint { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
@media (max-width: 640px) {
  .varde-licenses__wide { display: none; }
  .varde-licenses__search { max-width: none; flex-basis: 100%; }
  .varde-licenses__dialog-body { padding: var(--sl-spacing-medium); }
  .varde-licenses__table th, .varde-licenses__table td { padding-left: var(--sl-spacing-2x-small); padding-right: var(--sl-spacing-2x-small); }
  .varde-licenses__details { grid-template-columns: 1fr; }
  .varde-licenses__details dt { margin-top: var(--sl-spacing-2x-small); }
}
${snackbarStyles}
`;
