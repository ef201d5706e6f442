/** CSS of <varde-cloud-apps> (into the shadow root; in the portal scoped by the class prefix). */
export const cloudAppsStyles = `
:host { display: block; }
.varde-cloud-apps { font-family: var(--sl-font-sans, system-ui, sans-serif); color: var(--varde-fg, #1f2933); font-size: 14px; position: relative; }
.varde-cloud-apps__layout { display: grid; grid-template-columns: minmax(200px, 260px) 1fr; gap: 16px; align-items: start; }
.varde-cloud-apps__mappings, .varde-cloud-apps__table-list, .varde-cloud-apps__selected { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 10px; background: var(--varde-surface, #fff); min-width: 0; }
.varde-cloud-apps__content { display: grid; gap: 16px; min-width: 0; }
.varde-cloud-apps__heading { font-size: 15px; margin: 0 0 8px; overflow-wrap: anywhere; }
.varde-cloud-apps__bar, .varde-cloud-apps__selected-bar { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 8px; }
.varde-cloud-apps__bar .varde-cloud-apps__heading, .varde-cloud-apps__selected-bar .varde-cloud-apps__heading { margin: 0; }
.varde-cloud-apps__mapping-list, .varde-cloud-apps__tables { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.varde-cloud-apps__mapping { all: unset; box-sizing: border-box; display: grid; gap: 2px; width: 100%; padding: 8px; border-radius: 6px; cursor: pointer; }
.varde-cloud-apps__mapping:hover { background: var(--varde-hover, #eef2f6); }
.varde-cloud-apps__mapping:focus-visible { outline: 2px solid var(--sl-color-primary-600, #0369a1); }
.varde-cloud-apps__mapping[aria-current='true'] { background: var(--varde-selected, #dbeafe); }
.varde-cloud-apps__mapping-title { font-weight: 600; }
.varde-cloud-apps__muted { color: var(--varde-muted, #52606d); margin: 8px 0; }
.varde-cloud-apps__muted-small { color: var(--varde-muted, #52606d); font-size: 12px; }
.varde-cloud-apps__table-row { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-radius: 6px; cursor: pointer; flex-wrap: wrap; border: 1px solid transparent; }
.varde-cloud-apps__table-row:hover { background: var(--varde-hover, #eef2f6); }
.varde-cloud-apps__table-row[aria-selected='true'] { background: var(--varde-selected, #dbeafe); border-color: var(--sl-color-primary-300, #7dd3fc); }
.varde-cloud-apps__table-row > .varde-cloud-apps__cell { flex: 1 1 160px; }
.varde-cloud-apps__row-actions { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.varde-cloud-apps__confirm-text { font-size: 13px; }
.varde-cloud-apps__dot { width: 10px; height: 10px; border-radius: 50%; background: var(--varde-muted); flex: none; }
.varde-cloud-apps__dot--on { background: var(--varde-success-fg); }
.varde-cloud-apps__cell { font: inherit; width: 100%; box-sizing: border-box; min-width: 0; padding: 5px 7px; border: 1px solid transparent; border-radius: 4px; background: transparent; color: inherit; }
.varde-cloud-apps__cell:hover { border-color: var(--varde-input-border, #9aa5b1); }
.varde-cloud-apps__cell:focus { outline: none; border-color: var(--sl-color-primary-600, #0369a1); background: var(--varde-surface, #fff); box-shadow: 0 0 0 2px rgba(3, 105, 161, .2); }
.varde-cloud-apps__cell[data-dirty] { background: var(--varde-attention-bg); }
.varde-cloud-apps__switch { display: inline-flex; gap: 6px; align-items: center; cursor: pointer; }
.varde-cloud-apps__switch input { width: 34px; height: 18px; accent-color: var(--varde-success-fg); }
.varde-cloud-apps__table-wrap { overflow-x: auto; }
.varde-cloud-apps__grid { border-collapse: collapse; width: 100%; min-width: 520px; }
.varde-cloud-apps__grid th, .varde-cloud-apps__grid td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--varde-border, #d5dbe1); }
.varde-cloud-apps__grid thead th { font-size: 12px; color: var(--varde-muted, #52606d); }
.varde-cloud-apps__grid td:nth-child(2) { width: 45%; }
.varde-cloud-apps__meaning { font-weight: 600; white-space: nowrap; }
.varde-cloud-apps__type { display: block; font-weight: 400; font-size: 11px; color: var(--varde-muted, #52606d); }
.varde-cloud-apps__error { display: flex; justify-content: space-between; gap: 12px; padding: 10px 12px; margin-bottom: 12px; border-radius: 6px; background: var(--varde-danger-bg); color: var(--varde-danger-fg); border: 1px solid var(--varde-danger-fg); }
.varde-cloud-apps__error p { margin: 4px 0 0; overflow-wrap: anywhere; }
.varde-cloud-apps__dismiss { all: unset; cursor: pointer; font-size: 20px; line-height: 1; padding: 0 4px; }
.varde-cloud-apps__busy { position: fixed; inset: 0; background: rgba(15, 23, 42, .35); display: grid; place-items: center; z-index: 1000; }
.varde-cloud-apps__busy-box { display: flex; gap: 12px; align-items: center; background: var(--varde-surface); color: var(--varde-fg); padding: 16px 24px; border-radius: 8px; box-shadow: 0 8px 32px rgba(0,0,0,.3); font-size: 15px; }
.varde-cloud-apps__details { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 8px 10px; background: var(--varde-surface, #fff); }
.varde-cloud-apps__details > summary { cursor: pointer; font-weight: 600; padding: 2px 0; }
.varde-cloud-apps__form { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px 14px; margin-top: 10px; }
.varde-cloud-apps__field { display: grid; gap: 4px; min-width: 0; }
.varde-cloud-apps__field > span, .varde-cloud-apps__ratings > legend { font-size: 12px; color: var(--varde-muted, #52606d); }
.varde-cloud-apps__field input, .varde-cloud-apps__field textarea { font: inherit; padding: 5px 7px; border: 1px solid var(--varde-input-border, #9aa5b1); border-radius: 4px; background: var(--varde-surface, #fff); color: inherit; min-width: 0; }
.varde-cloud-apps__field--wide { grid-column: 1 / -1; }
.varde-cloud-apps__ratings { display: flex; gap: 12px; flex-wrap: wrap; border: none; padding: 0; margin: 0; }
.varde-cloud-apps__ratings input { width: 72px; }
.varde-cloud-apps__code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.varde-cloud-apps__problem { margin: 0; color: var(--varde-danger-fg); }
.varde-cloud-apps__form-actions { display: flex; gap: 8px; }
.varde-cloud-apps__parameters { margin-top: 12px; }
@media (max-width: 760px) {
  .varde-cloud-apps__form { grid-template-columns: 1fr; }
  .varde-cloud-apps__layout { grid-template-columns: 1fr; }
  /* Narrow screens: the three columns share the width (long ids scroll inside their cell). */
  .varde-cloud-apps__grid { min-width: 0; table-layout: fixed; }
  .varde-cloud-apps__grid td:nth-child(2) { width: auto; }
  .varde-cloud-apps__meaning { white-space: normal; width: 34%; }
}
`;
