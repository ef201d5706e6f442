/** CSS of <varde-rule-editor> (shadow root, or scoped by the class prefix in the portal). */
export const ruleEditorStyles = `
:host { display: block; }
.varde-rule-editor {
  --varde-rule-editor-success: var(--sl-color-success-700, #15803d);
  --varde-rule-editor-error: var(--sl-color-danger-700, #b91c1c);
  --varde-rule-editor-primary: var(--sl-color-primary-700, #0369a1);
  --varde-rule-editor-warning: var(--sl-color-warning-800, #92400e);
  font-family: var(--sl-font-sans, system-ui, sans-serif);
  font-size: var(--sl-font-size-medium, 1rem);
  color: var(--sl-color-neutral-900, #18181b);
  position: relative;
}
.varde-rule-editor__input {
  font: inherit; padding: 0.45rem 0.6rem; border: 1px solid var(--sl-color-neutral-400, #a1a1aa);
  border-radius: var(--sl-border-radius-medium, 4px); background: var(--varde-surface); color: inherit; box-sizing: border-box;
}
.varde-rule-editor__input:focus-visible, .varde-rule-editor button:focus-visible, .varde-rule-editor input:focus-visible {
  outline: 2px solid var(--sl-color-primary-600, #0284c7); outline-offset: 1px;
}
.varde-rule-editor__filter { width: 100%; max-width: 24rem; margin-bottom: 0.75rem; }
.varde-rule-editor__sites, .varde-rule-editor__rules { width: 100%; border-collapse: collapse; }
.varde-rule-editor__sites > thead th, .varde-rule-editor__rules th {
  text-align: left; font-weight: 600; font-size: 0.875rem; color: var(--sl-color-neutral-700, #3f3f46);
  padding: 0.5rem; border-bottom: 2px solid var(--sl-color-neutral-300, #d4d4d8);
}
.varde-rule-editor__site-row > th, .varde-rule-editor__site-row > td {
  padding: 0; border-bottom: 1px solid var(--sl-color-neutral-200, #e4e4e7); font-weight: normal; text-align: left;
}
.varde-rule-editor__count { text-align: right !important; width: 5rem; padding-right: 0.75rem !important; }
.varde-rule-editor__expand {
  display: flex; align-items: center; gap: 0.5rem; width: 100%; min-height: 44px; padding: 0.5rem;
  border: 0; background: none; font: inherit; color: inherit; text-align: left; cursor: pointer;
}
.varde-rule-editor__expand:hover { background: var(--sl-color-neutral-50, #fafafa); }
.varde-rule-editor__expand .varde-rule-editor__icon { transition: transform 0.15s; flex: none; }
.varde-rule-editor__expand[aria-expanded='true'] .varde-rule-editor__icon { transform: rotate(90deg); }
.varde-rule-editor__site-detail > td { padding: 0.5rem 0.5rem 1rem 2rem; background: var(--sl-color-neutral-50, #fafafa);
  border-bottom: 1px solid var(--sl-color-neutral-200, #e4e4e7); }
.varde-rule-editor__toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.25rem 0 0.75rem; }
.varde-rule-editor__rules td { padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--sl-color-neutral-200, #e4e4e7); vertical-align: middle; }
.varde-rule-editor__rules code, .varde-rule-editor__facts code { font-size: 0.875rem; overflow-wrap: anywhere; }
.varde-rule-editor__rules [data-cell='channels'] { white-space: nowrap; }
.varde-rule-editor__rule-name { display: block; font-weight: 600; overflow-wrap: anywhere; }
.varde-rule-editor__rule-summary { display: block; font-size: 0.875rem; color: var(--sl-color-neutral-600, #52525b); }
.varde-rule-editor__name { width: 100%; }
.varde-rule-editor__name[aria-invalid='true'] { border-color: var(--varde-rule-editor-error); }
.varde-rule-editor .varde-rule-editor__icon { width: 16px; height: 16px; min-width: 16px; }
.varde-rule-editor__rules [data-cell='channels'] .varde-rule-editor__icon { margin-right: 0.4rem; color: var(--sl-color-neutral-700, #3f3f46); }
.varde-rule-editor__row-actions { white-space: nowrap; text-align: right; }
.varde-rule-editor__icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0;
  border-radius: 50%; background: none; color: var(--sl-color-neutral-700, #3f3f46); cursor: pointer;
}
.varde-rule-editor .varde-rule-editor__icon-button svg { width: 18px; height: 18px; min-width: 18px; }
.varde-rule-editor__icon-button:hover { background: var(--sl-color-neutral-200, #e4e4e7); }
.varde-rule-editor__link-button { font: inherit; border: 1px solid var(--sl-color-primary-600, #0284c7); background: var(--sl-color-neutral-0, #fff); color: var(--sl-color-primary-700, #0369a1);
  border-radius: var(--sl-border-radius-medium, 4px); padding: 2px 10px; min-height: 30px; cursor: pointer; }
.varde-rule-editor__icon-button--danger { color: var(--varde-rule-editor-error); }
.varde-rule-editor__empty, .varde-rule-editor__muted { color: var(--sl-color-neutral-600, #52525b); margin: 0.5rem 0; }
.varde-rule-editor__error { color: var(--varde-rule-editor-error); margin: 0.35rem 0 0; font-size: 0.875rem; }
.varde-rule-editor__visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.varde-rule-editor__overlay {
  position: fixed; inset: 0; z-index: 1000; display: flex; align-items: center; justify-content: center;
  background: rgba(24, 24, 27, 0.45); padding: 1rem;
}
.varde-rule-editor__dialog {
  background: var(--varde-surface); border-radius: var(--sl-border-radius-large, 8px); box-shadow: 0 10px 30px rgba(0,0,0,0.25);
  width: min(34rem, 100%); max-height: calc(100vh - 2rem); display: flex; flex-direction: column; outline: none;
}
.varde-rule-editor__dialog-title { font-size: 1.25rem; margin: 0; padding: 1rem 1.25rem 0.5rem; }
.varde-rule-editor__dialog-body { padding: 0 1.25rem; overflow: auto; }
.varde-rule-editor__dialog-footer { display: flex; flex-wrap: wrap; gap: 0.5rem; padding: 1rem 1.25rem; border-top: 1px solid var(--sl-color-neutral-200, #e4e4e7); }
.varde-rule-editor__spacer { flex: 1; }
.varde-rule-editor__facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.5rem 0 1rem; }
.varde-rule-editor__facts dt { font-weight: 600; }
.varde-rule-editor__facts dd { margin: 0; }
.varde-rule-editor__field { border: 0; margin: 0 0 1rem; padding: 0; }
.varde-rule-editor__field legend, .varde-rule-editor__label { font-weight: 600; margin-bottom: 0.35rem; display: block; padding: 0; }
.varde-rule-editor__user-list { list-style: none; margin: 0.35rem 0 0; padding: 0; max-height: 12rem; overflow: auto;
  border: 1px solid var(--sl-color-neutral-300, #d4d4d8); border-radius: var(--sl-border-radius-medium, 4px); }
.varde-rule-editor__user-list:empty { display: none; }
.varde-rule-editor__user-list label, .varde-rule-editor__channels label { display: flex; align-items: center; gap: 0.5rem; padding: 0.35rem 0.5rem; cursor: pointer; flex-wrap: wrap; }
.varde-rule-editor__user-list input, .varde-rule-editor__channels input { width: 1.1rem; height: 1.1rem; margin: 0; }
.varde-rule-editor__channels { display: flex; gap: 1rem; }
.varde-rule-editor__field[aria-invalid='true'] .varde-rule-editor__user-list { border-color: var(--varde-rule-editor-error); }
.varde-rule-editor__threshold { display: flex; align-items: center; gap: 0.75rem; }
.varde-rule-editor__threshold input[type='range'] { flex: 1; min-width: 0; accent-color: var(--sl-color-primary-600, #0284c7); }
.varde-rule-editor__minutes { width: 5rem; }
.varde-rule-editor__minutes[aria-invalid='true'] { border-color: var(--varde-rule-editor-error); }
.varde-rule-editor__test { margin: 0.5rem 0 1rem; }
.varde-rule-editor__test--success { color: var(--varde-rule-editor-success); }
.varde-rule-editor__test--error { color: var(--varde-rule-editor-error); }
.varde-rule-editor__test--other { color: var(--varde-rule-editor-primary); }
.varde-rule-editor__test-users { margin: 0.5rem 0 0; padding-left: 1.25rem; }
.varde-rule-editor__test-users li { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin-bottom: 0.35rem; }
.varde-rule-editor__test-user { font-weight: 600; }
.varde-rule-editor__test--partial { color: var(--varde-rule-editor-warning); }
.varde-rule-editor__test-summary { font-weight: 600; margin: 0 0 0.5rem; }
.varde-rule-editor__test .varde-rule-editor__test-user { color: var(--sl-color-neutral-900, #18181b); }
.varde-rule-editor__test-users li, .varde-rule-editor__log li { flex-direction: column; align-items: flex-start; }
.varde-rule-editor__delivery { display: inline-flex; align-items: center; gap: 0.4rem; overflow-wrap: anywhere; }
.varde-rule-editor__delivery--sent { color: var(--varde-rule-editor-success); }
.varde-rule-editor__delivery--skipped { color: var(--varde-rule-editor-warning); }
.varde-rule-editor__warning { color: var(--varde-rule-editor-warning); margin: 0.35rem 0 0; font-size: 0.875rem; }
.varde-rule-editor__badge { font-size: 0.75rem; padding: 0 0.4rem; border-radius: 999px;
  background: var(--sl-color-warning-100, #fef3c7); color: var(--sl-color-warning-800, #92400e); }
.varde-rule-editor__log { list-style: none; margin: 0.5rem 0 1rem; padding: 0; }
.varde-rule-editor__log li { display: flex; gap: 0.2rem; padding: 0.5rem 0; border-bottom: 1px solid var(--sl-color-neutral-200, #e4e4e7); }
.varde-rule-editor__log-meta { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; font-size: 0.875rem; color: var(--sl-color-neutral-600, #52525b); }
.varde-rule-editor__test-pending { display: flex; align-items: center; gap: 0.75rem; font-size: 1rem; }
.varde-rule-editor__test-pending sl-spinner { font-size: 1.5rem; }
.varde-rule-editor__snackbar {
  position: fixed; left: 50%; bottom: 1.5rem; transform: translateX(-50%); z-index: 1100; max-width: calc(100vw - 2rem);
  padding: 0.75rem 1.25rem; border-radius: var(--sl-border-radius-medium, 4px); color: #fff; box-shadow: 0 4px 12px rgba(0,0,0,0.25);
}
.varde-rule-editor__snackbar--success { background: var(--sl-color-success-700, #15803d); }
.varde-rule-editor__snackbar--error { background: var(--sl-color-danger-700, #b91c1c); }
@media (max-width: 600px) {
  .varde-rule-editor__site-detail > td { padding: 0.5rem; }
  .varde-rule-editor__rules thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .varde-rule-editor__rules, .varde-rule-editor__rules tbody, .varde-rule-editor__rules tr, .varde-rule-editor__rules td { display: block; }
  .varde-rule-editor__rules tr { border: 1px solid var(--sl-color-neutral-300, #d4d4d8); border-radius: 6px; margin-bottom: 0.5rem; background: var(--varde-surface); padding: 0.25rem 0; }
  .varde-rule-editor__rules td { border: 0; display: flex; gap: 0.5rem; justify-content: space-between; align-items: center; }
  .varde-rule-editor__rules td[data-label]::before { content: attr(data-label); font-weight: 600; font-size: 0.875rem; color: var(--sl-color-neutral-700, #3f3f46); }
  .varde-rule-editor__row-actions { justify-content: flex-end !important; }
  /* The rule's name is the card's heading: no label beside it, the summary under it. */
  .varde-rule-editor__rules td[data-cell='name'] { display: block; padding-top: 0.5rem; }
  .varde-rule-editor__rules td[data-cell='name']::before { content: none !important; }
  .varde-rule-editor__dialog-footer sl-button { flex: 1 1 auto; }
}
`;
