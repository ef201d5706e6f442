/** CSS of <varde-alarm-table>, inside its shadow root. Custom properties and parts are in README.md. */
export const alarmTableStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--sl-color-neutral-900); }
.varde-alarm-table { display: flex; flex-direction: column; gap: var(--sl-spacing-small); font-family: var(--sl-font-sans); font-size: var(--sl-font-size-small); min-height: 0; height: 100%; }
.varde-alarm-table__toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small) var(--sl-spacing-medium); }
.varde-alarm-table__group { display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); flex-wrap: wrap; }
.varde-alarm-table__label { color: var(--sl-color-neutral-700); }
.varde-alarm-table__chip { font: inherit; border: 1px solid var(--sl-color-neutral-300); background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-800);
  border-radius: 999px; padding: 2px 10px; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; min-height: 28px; }
.varde-alarm-table__chip[aria-pressed='true'] { background: var(--sl-color-primary-50); border-color: var(--sl-color-primary-600); color: var(--sl-color-primary-800); font-weight: var(--sl-font-weight-semibold); }
.varde-alarm-table__chip:focus-visible, .varde-alarm-table__sort:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.varde-alarm-table__select, .varde-alarm-table__search { font: inherit; min-height: 30px; border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium);
  padding: 2px 8px; background: var(--sl-color-neutral-0); color: inherit; max-width: 100%; }
.varde-alarm-table__search { width: 14rem; }
@media (max-width: 480px) { .varde-alarm-table__search { flex: 1 1 100%; width: auto; } }
.varde-alarm-table__check { display: inline-flex; align-items: center; gap: 6px; }
.varde-alarm-table__spacer { flex: 1 1 auto; }
.varde-alarm-table__link { color: var(--sl-color-primary-700); display: inline-flex; align-items: center; gap: 4px; }
.varde-alarm-table__summary { color: var(--sl-color-neutral-600); display: flex; gap: var(--sl-spacing-medium); flex-wrap: wrap; align-items: center; }
.varde-alarm-table__warning { color: var(--sl-color-warning-700); }
.varde-alarm-table__scroller { overflow: auto; flex: 1 1 auto; min-height: 8rem; max-height: var(--varde-alarm-table-max-height, 70vh);
  border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); background: var(--sl-color-neutral-0); }
.varde-alarm-table__grid { min-width: 58rem; }
.varde-alarm-table__row { display: grid; grid-template-columns: 2.25rem 4.5rem minmax(8rem, 1.3fr) minmax(6rem, 1fr) 9.5rem minmax(8rem, 2fr) minmax(4rem, 0.8fr) minmax(10rem, 1.4fr);
  align-items: center; height: 40px; box-sizing: border-box; border-bottom: 1px solid var(--sl-color-neutral-100); }
.varde-alarm-table__row > * { padding: 0 var(--sl-spacing-x-small); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.varde-alarm-table__head { position: sticky; top: 0; z-index: 1; background: var(--sl-color-neutral-50); font-weight: var(--sl-font-weight-semibold); }
.varde-alarm-table__sort { font: inherit; font-weight: inherit; background: none; border: 0; padding: 4px 0; cursor: pointer; color: inherit; display: inline-flex; gap: 4px; align-items: center; max-width: 100%; }
/* Narrow (a phone): stacked rows. Class, tag and state; description and value; site and time. No sideways scroll. */
.varde-alarm-table__grid--stacked { min-width: 0; }
.varde-alarm-table__grid--stacked .varde-alarm-table__head { display: flex; flex-wrap: wrap; height: auto; gap: 2px var(--sl-spacing-small); padding: 4px 0; }
.varde-alarm-table__grid--stacked .varde-alarm-table__head > [data-cell='state'] { display: none; }
.varde-alarm-table__grid--stacked .varde-alarm-table__row--body { height: 84px; grid-template-columns: 2.25rem 2.5rem minmax(0, 1fr) auto;
  grid-template-areas: 'select class tag state' '. text text value' '. site site time'; align-content: center; row-gap: 2px; }
.varde-alarm-table__grid--stacked [data-cell='select'] { grid-area: select; }
.varde-alarm-table__grid--stacked [data-cell='class'] { grid-area: class; overflow: visible; text-overflow: clip; }
.varde-alarm-table__grid--stacked [data-cell='tag'] { grid-area: tag; font-weight: var(--sl-font-weight-semibold); }
.varde-alarm-table__grid--stacked [data-cell='state'] { grid-area: state; text-align: right; }
.varde-alarm-table__grid--stacked [data-cell='text'] { grid-area: text; }
.varde-alarm-table__grid--stacked [data-cell='value'] { grid-area: value; text-align: right; }
.varde-alarm-table__grid--stacked [data-cell='site'] { grid-area: site; color: var(--sl-color-neutral-700); }
.varde-alarm-table__grid--stacked [data-cell='time'] { grid-area: time; text-align: right; color: var(--sl-color-neutral-700); }
.varde-alarm-table__row--cleared { color: var(--sl-color-neutral-600); }
.varde-alarm-table__row--body { cursor: pointer; }
.varde-alarm-table__row--body:hover { background: var(--sl-color-neutral-50); }
.varde-alarm-table__row--body:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: -2px; }
.varde-alarm-table__row--acked [part='state'] { color: var(--sl-color-success-700); }
.varde-alarm-table__row input[type='checkbox'] { width: 1rem; height: 1rem; margin: 0; }
.varde-alarm-table__dialog::part(panel) { max-width: min(40rem, 96vw); }
.varde-alarm-table__facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-medium); }
.varde-alarm-table__facts dt { color: var(--sl-color-neutral-700); }
.varde-alarm-table__facts dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.varde-alarm-table__field { display: flex; flex-direction: column; gap: 4px; }
.varde-alarm-table__textarea { font: inherit; border: 1px solid var(--sl-color-neutral-400); border-radius: var(--sl-border-radius-medium); padding: 4px 8px; resize: vertical; }
.varde-alarm-table__actions { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: center; margin: var(--sl-spacing-small) 0; }
.varde-alarm-table__subhead { font-size: var(--sl-font-size-medium); margin: var(--sl-spacing-medium) 0 var(--sl-spacing-x-small); }
.varde-alarm-table__history { margin: 0; padding-left: 1.25rem; display: flex; flex-direction: column; gap: 4px; }
.varde-alarm-table__comment { display: block; white-space: pre-wrap; overflow-wrap: anywhere; color: var(--sl-color-neutral-800); }
.varde-alarm-table__muted { color: var(--sl-color-neutral-600); }
.varde-alarm-table__confirm { display: inline-flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-x-small); padding: 4px 8px; border-radius: var(--sl-border-radius-medium); background: var(--varde-warning-bg, #fff4e5); color: var(--varde-warning-fg, #7a4100); }
.varde-alarm-table__class { display: inline-flex; align-items: center; justify-content: center; min-width: 1.75rem; height: 1.5rem; border-radius: var(--sl-border-radius-medium);
  color: #fff; font-weight: var(--sl-font-weight-bold); }
.varde-alarm-table__empty { padding: var(--sl-spacing-medium); margin: 0; color: var(--sl-color-neutral-600); display: flex; gap: var(--sl-spacing-small); align-items: center; }
.varde-alarm-table__error { color: var(--sl-color-danger-700); }
/* Rows the sites no longer confirm: still readable, visibly not live (the stale notice says why and since when). */
.varde-alarm-table__scroller[data-stale] .varde-alarm-table__row:not(.varde-alarm-table__head) { opacity: 0.6; }
.varde-alarm-table__keys { margin: 0; color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-x-small); }
/* A phone is used by touch: the keys' hint would only take room. */
@media (max-width: 480px) { .varde-alarm-table__keys { display: none; } }
.varde-alarm-table__filtered { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small); }
.varde-alarm-table__clear-filter { font: inherit; border: 1px solid var(--sl-color-primary-600); background: var(--sl-color-neutral-0); color: var(--sl-color-primary-700);
  border-radius: var(--sl-border-radius-medium); padding: 2px 10px; min-height: 30px; cursor: pointer; }
.varde-alarm-table__clear-filter:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
`;
