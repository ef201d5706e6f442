/** CSS of <varde-ml-explorer> (shadow root, or the portal's document: every class is prefixed). */
export const mlExplorerStyles = `
:host { display: block; }
.varde-ml-explorer {
  font-family: var(--sl-font-sans, system-ui, sans-serif);
  font-size: var(--sl-font-size-small, 0.875rem);
  color: var(--sl-color-neutral-900, #212121);
  --ml-border: var(--sl-color-neutral-200, #e0e0e0);
}
.varde-ml-explorer__layout { display: grid; grid-template-columns: minmax(240px, 320px) 1fr; gap: 1rem; align-items: start; }
.varde-ml-explorer__nav { border: 1px solid var(--ml-border); border-radius: 6px; padding: 0.5rem; min-width: 0; }
.varde-ml-explorer__toolbar { display: flex; flex-wrap: wrap; gap: 0.25rem; margin-bottom: 0.5rem; }
.varde-ml-explorer__tree, .varde-ml-explorer__tree ul { list-style: none; margin: 0; padding: 0; }
.varde-ml-explorer__tree ul { padding-left: 1rem; border-left: 1px dotted var(--ml-border); margin-left: 0.5rem; }
.varde-ml-explorer__folder-name { display: flex; align-items: center; gap: 0.35rem; padding: 0.25rem 0.25rem; color: var(--sl-color-neutral-600, #555); font-weight: 600; }
.varde-ml-explorer__node {
  display: flex; align-items: center; gap: 0.35rem; width: 100%; min-height: 2rem; padding: 0.2rem 0.35rem; border: 0; border-radius: 4px;
  background: none; font: inherit; color: inherit; text-align: left; cursor: pointer;
}
.varde-ml-explorer__node:hover { background: var(--sl-color-neutral-100, #f3f3f3); }
.varde-ml-explorer__node:focus-visible { outline: 2px solid var(--sl-color-primary-600, #0284c7); outline-offset: 1px; }
.varde-ml-explorer__node[data-selected] { background: var(--sl-color-primary-100, #e0f2fe); font-weight: 600; }
.varde-ml-explorer__node-name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.varde-ml-explorer__node--version .varde-ml-explorer__chip { font-size: 0.65rem; }
.varde-ml-explorer__icon { flex: none; }
.varde-ml-explorer__chip {
  display: inline-flex; align-items: center; gap: 0.3rem; padding: 0.1rem 0.5rem; border-radius: 999px; font-size: 0.75rem;
  font-weight: 600; letter-spacing: 0.02em; white-space: nowrap; border: 1px solid transparent;
}
.varde-ml-explorer__chip--neutral { background: var(--sl-color-neutral-100, #f1f1f1); color: var(--sl-color-neutral-700, #444); border-color: var(--ml-border); }
.varde-ml-explorer__chip--primary { background: var(--sl-color-primary-100, #e0f2fe); color: var(--sl-color-primary-800, #075985); }
.varde-ml-explorer__chip--success { background: var(--sl-color-success-100, #dcfce7); color: var(--sl-color-success-800, #166534); }
.varde-ml-explorer__chip--danger { background: var(--sl-color-danger-100, #fee2e2); color: var(--sl-color-danger-800, #991b1b); }
.varde-ml-explorer__main { min-width: 0; display: flex; flex-direction: column; gap: 0.75rem; }
.varde-ml-explorer__editor { border: 1px solid var(--ml-border); border-radius: 6px; padding: 0.75rem; display: flex; flex-direction: column; gap: 0.5rem; }
.varde-ml-explorer__editor-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem; }
.varde-ml-explorer__editor-head h2 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
.varde-ml-explorer__status { display: flex; align-items: center; gap: 0.5rem; }
.varde-ml-explorer__panel { border: 1px solid var(--ml-border); border-radius: 4px; }
.varde-ml-explorer__panel > summary { cursor: pointer; padding: 0.5rem 0.75rem; font-weight: 600; background: var(--sl-color-neutral-50, #fafafa); }
.varde-ml-explorer__panel-body { padding: 0.5rem 0.75rem 0.75rem; display: flex; flex-direction: column; gap: 0.5rem; }
.varde-ml-explorer__field { display: flex; flex-direction: column; gap: 0.15rem; flex: 1; min-width: 0; }
.varde-ml-explorer__field label { font-size: 0.75rem; color: var(--sl-color-neutral-600, #555); }
.varde-ml-explorer__field input, .varde-ml-explorer__field textarea {
  font: inherit; padding: 0.35rem 0.5rem; border: 1px solid var(--sl-color-neutral-300, #ccc); border-radius: 4px; min-width: 0;
  background: var(--sl-color-neutral-0, #fff); color: inherit;
}
.varde-ml-explorer__field input:focus-visible, .varde-ml-explorer__field textarea:focus-visible { outline: 2px solid var(--sl-color-primary-600, #0284c7); outline-offset: 0; }
.varde-ml-explorer__field input:disabled { background: var(--sl-color-neutral-100, #f3f3f3); color: var(--sl-color-neutral-600, #555); }
.varde-ml-explorer__field [aria-invalid="true"] { border-color: var(--sl-color-danger-600, #dc2626); }
.varde-ml-explorer__error-text { color: var(--sl-color-danger-700, #b91c1c); font-size: 0.75rem; }
.varde-ml-explorer__rows { display: flex; flex-direction: column; gap: 0.4rem; align-items: flex-start; }
.varde-ml-explorer__row { display: flex; gap: 0.5rem; align-items: flex-end; width: 100%; }
.varde-ml-explorer__actions { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: flex-end; }
.varde-ml-explorer__hint { color: var(--sl-color-neutral-600, #555); margin: 0.25rem 0; display: flex; gap: 0.5rem; align-items: center; }
.varde-ml-explorer__reason { margin: 0; padding: 0.5rem 0.75rem; border-radius: 4px; background: var(--sl-color-danger-50, #fef2f2); color: var(--sl-color-danger-800, #991b1b); }
.varde-ml-explorer__warning, .varde-ml-explorer__error {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; padding: 0.5rem 0.75rem; border-radius: 6px;
  background: var(--sl-color-warning-100, #fef3c7); border: 1px solid var(--sl-color-warning-300, #fcd34d);
}
.varde-ml-explorer__warning > span, .varde-ml-explorer__error > span { flex: 1; min-width: 12rem; }
.varde-ml-explorer__warning--blocked { border-width: 2px; border-color: var(--sl-color-warning-600, #d97706); font-weight: 600; }
.varde-ml-explorer__error { background: var(--sl-color-danger-50, #fef2f2); border-color: var(--sl-color-danger-300, #fca5a5); }
.varde-ml-explorer__tabs { display: flex; gap: 0.25rem; border-bottom: 1px solid var(--ml-border); margin-bottom: 0.5rem; }
.varde-ml-explorer__tabs button {
  font: inherit; border: 0; background: none; padding: 0.4rem 0.8rem; cursor: pointer; border-bottom: 2px solid transparent; color: inherit;
}
.varde-ml-explorer__tabs button[aria-selected="true"] { border-bottom-color: var(--sl-color-primary-600, #0284c7); font-weight: 600; }
.varde-ml-explorer__plot { max-width: 100%; height: auto; border: 1px solid var(--ml-border); border-radius: 4px; }
.varde-ml-explorer__table { border-collapse: collapse; width: 100%; }
.varde-ml-explorer__table th, .varde-ml-explorer__table td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--ml-border); }
.varde-ml-explorer__table tbody th { font-weight: 400; font-family: var(--sl-font-mono, monospace); }
.varde-ml-explorer__table td { font-variant-numeric: tabular-nums; }
.varde-ml-explorer__backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 0.35); display: grid; place-items: center; z-index: 1000; padding: 1rem; }
.varde-ml-explorer__dialog { background: var(--sl-color-neutral-0, #fff); border-radius: 8px; padding: 1rem 1.25rem; max-width: 28rem; width: 100%; box-shadow: 0 10px 30px rgb(0 0 0 / 0.25); }
.varde-ml-explorer__dialog h2 { font-size: 1.05rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
@media (max-width: 720px) {
  .varde-ml-explorer__layout { grid-template-columns: 1fr; }
  .varde-ml-explorer__row { flex-wrap: wrap; }
  .varde-ml-explorer__row .varde-ml-explorer__field { flex: 1 1 9rem; }
}
`;
