/** CSS of <varde-bim-mapper> (into the shadow root; in the portal scoped by the class prefix). */
export const bimMapperStyles = `
:host { display: block; }
.varde-bim-mapper { font-family: var(--sl-font-sans, system-ui, sans-serif); color: var(--varde-fg, #1f2933); font-size: 14px; }
.varde-bim-mapper__tabs { --indicator-color: var(--sl-color-primary-700, #0369a1); }
/* Shoelace's active tab (primary-600) is below 4.5:1 on the page's light grey: one step darker. */
.varde-bim-mapper__tabs sl-tab[active]::part(base) { color: var(--sl-color-primary-700, #0369a1); }
.varde-bim-mapper__admin { display: grid; grid-template-columns: minmax(150px, 200px) minmax(0, 1fr); gap: 16px; align-items: start; }
.varde-bim-mapper__main { display: grid; gap: 12px; min-width: 0; }
.varde-bim-mapper__buildings { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 8px; background: var(--varde-surface, #fff); }
.varde-bim-mapper__building-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; max-height: 60vh; overflow: auto; }
.varde-bim-mapper__building { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 8px; border-radius: 6px; cursor: pointer; overflow-wrap: anywhere; }
.varde-bim-mapper__building:hover { background: var(--varde-hover, #eef2f6); }
.varde-bim-mapper__building:focus-visible { outline: 2px solid var(--sl-color-primary-600, #0369a1); outline-offset: 1px; }
.varde-bim-mapper__building[aria-current='true'] { background: var(--varde-selected, #dbeafe); font-weight: 600; }
.varde-bim-mapper__heading { font-size: 15px; margin: 4px 0 8px; }
.varde-bim-mapper__muted { color: var(--varde-muted, #52606d); margin: 8px 0; }
.varde-bim-mapper__hint { color: var(--varde-muted, #52606d); margin: 0; font-size: 12px; }
.varde-bim-mapper__viewers { display: grid; gap: 8px; min-width: 0; }
.varde-bim-mapper__toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: stretch; }
.varde-bim-mapper__toolbar fieldset, .varde-bim-mapper__node { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 6px 10px 10px; margin: 0; background: var(--varde-surface, #fff); min-width: 0; }
.varde-bim-mapper__toolbar legend, .varde-bim-mapper__node legend { font-size: 12px; font-weight: 600; color: var(--varde-muted, #52606d); padding: 0 4px; }
.varde-bim-mapper__models { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; }
.varde-bim-mapper__model { display: flex; gap: 6px; align-items: center; }
.varde-bim-mapper__model-name { font-weight: 600; }
.varde-bim-mapper__model-state { color: var(--varde-muted, #52606d); font-size: 12px; }
.varde-bim-mapper__section { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.varde-bim-mapper__segmented { display: flex; gap: 8px; }
.varde-bim-mapper__segmented label { display: flex; gap: 4px; align-items: center; cursor: pointer; }
.varde-bim-mapper__slider { display: flex; gap: 6px; align-items: center; font-size: 12px; }
.varde-bim-mapper__slider input { width: 120px; }
.varde-bim-mapper__zoom { display: flex; gap: 6px; align-items: end; flex-wrap: wrap; }
.varde-bim-mapper__viewer-grid { display: grid; grid-template-columns: 3fr 2fr; gap: 8px; }
.varde-bim-mapper__viewer { position: relative; margin: 0; border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; overflow: hidden; background: var(--varde-surface-alt, #f1f4f7); min-width: 0; }
.varde-bim-mapper__viewer figcaption { position: absolute; top: 6px; left: 8px; z-index: 1; font-size: 12px; font-weight: 600; color: var(--varde-fg); background: color-mix(in srgb, var(--varde-surface) 85%, transparent); padding: 2px 6px; border-radius: 4px; pointer-events: none; }
.varde-bim-mapper__viewer-host { position: relative; height: 380px; width: 100%; }
.varde-bim-mapper__viewer-note { position: absolute; inset: auto 8px 8px 8px; margin: 0; font-size: 12px; background: color-mix(in srgb, var(--varde-surface) 90%, transparent); color: var(--varde-fg); padding: 4px 6px; border-radius: 4px; }
.varde-bim-mapper__editors { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
.varde-bim-mapper__node { display: grid; gap: 8px; align-content: start; }
.varde-bim-mapper__field { display: grid; gap: 4px; min-width: 0; }
.varde-bim-mapper__field > span { font-size: 12px; font-weight: 600; color: var(--varde-muted, #52606d); }
.varde-bim-mapper__field input[type='text'] { font: inherit; padding: 6px 8px; border: 1px solid var(--varde-input-border, #9aa5b1); border-radius: 4px; background: var(--varde-surface, #fff); color: inherit; min-width: 0; }
.varde-bim-mapper__field input:disabled { background: var(--varde-surface-alt, #f1f4f7); color: var(--varde-muted, #52606d); }
.varde-bim-mapper__buttons { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
.varde-bim-mapper__spacer { flex: 1; }
.varde-bim-mapper__unsaved { padding: 4px 8px; border-radius: 4px; background: var(--varde-warning-bg); color: var(--varde-warning-fg); border: 1px solid var(--varde-warning-fg); }
.varde-bim-mapper__alert, .varde-bim-mapper__error { display: flex; justify-content: space-between; gap: 12px; align-items: flex-start; padding: 10px 12px; border-radius: 6px; }
.varde-bim-mapper__alert { background: var(--varde-warning-bg); color: var(--varde-warning-fg); border: 1px solid var(--varde-warning-fg); }
.varde-bim-mapper__error { background: var(--varde-danger-bg); color: var(--varde-danger-fg); border: 1px solid var(--varde-danger-fg); }
.varde-bim-mapper__error p { margin: 4px 0 0; overflow-wrap: anywhere; }
.varde-bim-mapper__error-text { color: var(--varde-danger-fg); }
.varde-bim-mapper__done { margin: 0; padding: 8px 12px; border-radius: 6px; background: var(--varde-success-bg); color: var(--varde-success-fg); border: 1px solid var(--varde-success-fg); }
.varde-bim-mapper__bad-lines { margin: 6px 0 0; padding-left: 18px; }
.varde-bim-mapper__dismiss { all: unset; cursor: pointer; font-size: 20px; line-height: 1; padding: 0 4px; }
.varde-bim-mapper__dismiss:focus-visible { outline: 2px solid currentColor; }
.varde-bim-mapper__table-wrap { overflow-x: auto; border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; background: var(--varde-surface, #fff); }
.varde-bim-mapper__table { border-collapse: collapse; width: 100%; font-size: 13px; }
.varde-bim-mapper__table th, .varde-bim-mapper__table td { border-bottom: 1px solid var(--varde-border, #d5dbe1); padding: 6px 6px; text-align: left; vertical-align: middle; }
.varde-bim-mapper__table th { background: var(--varde-surface-alt, #f8fafc); font-size: 12px; white-space: nowrap; }
.varde-bim-mapper__table tr[aria-current='true'] td { background: var(--varde-selected, #dbeafe); }
.varde-bim-mapper__mono { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.varde-bim-mapper__object-name { display: block; font-weight: 600; }
.varde-bim-mapper__guid { display: block; font-size: 11px; color: var(--varde-muted, #52606d); }
.varde-bim-mapper__guid, .varde-bim-mapper__table td[data-cell='tag'] { white-space: nowrap; overflow-wrap: normal; }
.varde-bim-mapper__row-actions { white-space: nowrap; }
.varde-bim-mapper__row-actions sl-button + sl-button { margin-left: 4px; }
.varde-bim-mapper__badge { margin-left: 6px; font-size: 11px; padding: 1px 6px; border-radius: 8px; background: var(--varde-warning-bg); color: var(--varde-warning-fg); }
.varde-bim-mapper__import { display: grid; gap: 12px; min-width: 0; }
.varde-bim-mapper__dialog-text { margin: 0; }
@media (max-width: 760px) {
  .varde-bim-mapper__admin { grid-template-columns: 1fr; }
  .varde-bim-mapper__building-list { max-height: 180px; }
  .varde-bim-mapper__viewer-grid { grid-template-columns: 1fr; }
  .varde-bim-mapper__viewer-host { height: 260px; }
  .varde-bim-mapper__table th, .varde-bim-mapper__table td { padding: 4px 6px; }
  /* The connections as cards: one block per connection, each cell labelled. */
  .varde-bim-mapper__table--cards thead { display: none; }
  .varde-bim-mapper__table--cards, .varde-bim-mapper__table--cards tbody, .varde-bim-mapper__table--cards tr, .varde-bim-mapper__table--cards td { display: block; }
  .varde-bim-mapper__table--cards tr { padding: 6px 4px; border-bottom: 1px solid var(--varde-border, #d5dbe1); }
  .varde-bim-mapper__table--cards td { border: 0; display: grid; grid-template-columns: 96px minmax(0, 1fr); gap: 8px; }
  .varde-bim-mapper__table--cards td::before { content: attr(data-label); font-family: var(--sl-font-sans, system-ui, sans-serif); font-size: 12px; font-weight: 600; color: var(--varde-muted, #52606d); }
  .varde-bim-mapper__table--cards td.varde-bim-mapper__row-actions { display: flex; gap: 6px; justify-content: flex-end; }
  .varde-bim-mapper__table--cards td.varde-bim-mapper__row-actions::before { content: none; }
  .varde-bim-mapper__guid, .varde-bim-mapper__table td[data-cell='tag'] { white-space: normal; overflow-wrap: anywhere; }
}
`;
