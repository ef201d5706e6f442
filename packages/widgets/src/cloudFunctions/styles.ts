/** CSS of <varde-cloud-functions> (into the shadow root; in the portal scoped by the class prefix). */
export const cloudFunctionsStyles = `
:host { display: block; }
.varde-cloud-functions { font-family: var(--sl-font-sans, system-ui, sans-serif); color: var(--varde-fg, #1f2933); font-size: 14px; }
.varde-cloud-functions__layout { display: grid; grid-template-columns: minmax(220px, 300px) 1fr; gap: 16px; align-items: start; }
.varde-cloud-functions__side { border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 8px; background: var(--varde-surface, #fff); }
.varde-cloud-functions__side-bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
.varde-cloud-functions__heading { font-size: 15px; margin: 0; }
.varde-cloud-functions__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; max-height: 70vh; overflow: auto; }
.varde-cloud-functions__item { all: unset; box-sizing: border-box; display: grid; gap: 2px; width: 100%; padding: 8px; border-radius: 6px; cursor: pointer; }
.varde-cloud-functions__item:hover { background: var(--varde-hover, #eef2f6); }
.varde-cloud-functions__item:focus-visible { outline: 2px solid var(--sl-color-primary-600, #0369a1); outline-offset: 1px; }
.varde-cloud-functions__item[aria-current='true'] { background: var(--varde-selected, #dbeafe); }
.varde-cloud-functions__item-name { font-weight: 600; overflow-wrap: anywhere; }
.varde-cloud-functions__item-description { color: var(--varde-muted, #52606d); overflow-wrap: anywhere; }
.varde-cloud-functions__item-meta { color: var(--varde-muted, #52606d); font-size: 12px; }
.varde-cloud-functions__main { display: grid; gap: 12px; min-width: 0; }
.varde-cloud-functions__muted { color: var(--varde-muted, #52606d); margin: 8px 0; }
.varde-cloud-functions__editor { display: grid; gap: 10px; min-width: 0; border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 12px; background: var(--varde-surface, #fff); }
.varde-cloud-functions__fields { display: flex; flex-wrap: wrap; gap: 10px; }
.varde-cloud-functions__field { display: grid; gap: 4px; min-width: 0; }
.varde-cloud-functions__field > span, .varde-cloud-functions__source-label > span { font-size: 12px; font-weight: 600; color: var(--varde-muted, #52606d); }
.varde-cloud-functions__field--grow { flex: 1 1 220px; }
.varde-cloud-functions__field--narrow { min-width: 60px; }
.varde-cloud-functions__field input, .varde-cloud-functions__field textarea {
  font: inherit; padding: 6px 8px; border: 1px solid var(--varde-input-border, #9aa5b1); border-radius: 4px; background: var(--varde-surface, #fff); color: inherit; min-width: 0;
}
.varde-cloud-functions__field textarea { font-family: ui-monospace, monospace; resize: vertical; }
.varde-cloud-functions__field input[readonly] { background: var(--varde-surface-alt, #f1f4f7); }
.varde-cloud-functions__field output { padding: 6px 0; }
.varde-cloud-functions__source-label { display: flex; justify-content: space-between; align-items: center; }
.varde-cloud-functions__link { all: unset; cursor: pointer; color: var(--sl-color-primary-700, #0369a1); text-decoration: underline; font-size: 13px; }
.varde-cloud-functions__link:focus-visible { outline: 2px solid currentColor; }
.varde-cloud-functions__source { height: 380px; border: 1px solid var(--varde-input-border, #9aa5b1); border-radius: 4px; overflow: hidden; display: flex; flex-direction: column; background: var(--varde-surface); }
.varde-cloud-functions__source-host { flex: 1; min-height: 0; position: relative; }
.varde-cloud-functions__source-host > slot { display: block; height: 100%; }
.varde-cloud-functions__source--large { position: fixed; inset: 4vh 4vw; height: auto; z-index: 1001; box-shadow: 0 12px 48px rgba(0,0,0,.35); }
.varde-cloud-functions__backdrop { position: fixed; inset: 0; background: rgba(15, 23, 42, .45); z-index: 1000; }
.varde-cloud-functions__large-bar { display: flex; justify-content: space-between; align-items: center; padding: 8px 12px; border-bottom: 1px solid var(--varde-border, #d5dbe1); background: var(--varde-surface-alt, #f8fafc); color: #1f2933; }
.varde-cloud-functions__warning { margin: 0; padding: 8px 10px; border-radius: 4px; background: var(--varde-warning-bg); color: var(--varde-warning-fg); border: 1px solid var(--varde-warning-fg); }
.varde-cloud-functions__error { display: flex; justify-content: space-between; gap: 12px; align-items: flex-start; padding: 10px 12px; border-radius: 6px; background: var(--varde-danger-bg); color: var(--varde-danger-fg); border: 1px solid var(--varde-danger-fg); }
.varde-cloud-functions__error p { margin: 4px 0 0; overflow-wrap: anywhere; }
.varde-cloud-functions__dismiss { all: unset; cursor: pointer; font-size: 20px; line-height: 1; padding: 0 4px; }
.varde-cloud-functions__dismiss:focus-visible { outline: 2px solid currentColor; }
.varde-cloud-functions__confirm { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px; border-radius: 4px; background: var(--varde-danger-bg); }
.varde-cloud-functions__buttons { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.varde-cloud-functions__spacer { flex: 1; }
.varde-cloud-functions__run { display: grid; gap: 8px; border: 1px solid var(--varde-border, #d5dbe1); border-radius: 8px; padding: 12px; background: var(--varde-surface, #fff); min-width: 0; }
.varde-cloud-functions__run-bar { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
.varde-cloud-functions__run-result h4 { margin: 10px 0 4px; font-size: 13px; }
.varde-cloud-functions__run-result p { margin: 0; }
.varde-cloud-functions__pre { margin: 0; padding: 8px; background: var(--varde-surface-alt); color: var(--varde-fg); border-radius: 4px; overflow: auto; max-height: 240px; font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.varde-cloud-functions__pre--error { background: var(--varde-danger-bg); color: var(--varde-danger-fg); }
.varde-cloud-functions__table-wrap { overflow-x: auto; }
.varde-cloud-functions__table { border-collapse: collapse; font-size: 12px; }
.varde-cloud-functions__table th, .varde-cloud-functions__table td { border-bottom: 1px solid var(--varde-border, #d5dbe1); padding: 4px 8px; text-align: left; white-space: nowrap; }
@media (max-width: 760px) {
  .varde-cloud-functions__layout { grid-template-columns: 1fr; }
  .varde-cloud-functions__list { max-height: 240px; }
  .varde-cloud-functions__source { height: 300px; }
  .varde-cloud-functions__source--large { inset: 0; height: auto; }
}
`;
