/** Appended to the styles of each widget that shows a WidgetState (not in every root: pages such as create-user have a byte budget). */
export const widgetStateStyles = `
.varde-state { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small); padding: var(--sl-spacing-small) var(--sl-spacing-medium); border-radius: var(--sl-border-radius-medium); color: var(--sl-color-neutral-700); }
.varde-state--warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-900); border: 1px solid var(--sl-color-warning-300); }
.varde-state--error { background: var(--sl-color-danger-50); color: var(--sl-color-danger-900); border: 1px solid var(--sl-color-danger-300); }
.varde-state__spinner { width: 1em; height: 1em; border: 2px solid var(--sl-color-neutral-300); border-top-color: var(--sl-color-primary-600); border-radius: 50%; animation: varde-state-spin 1s linear infinite; }
@keyframes varde-state-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .varde-state__spinner { animation: none; } }
.varde-state__retry { font: inherit; padding: var(--sl-spacing-2x-small) var(--sl-spacing-small); border: 1px solid currentColor; border-radius: var(--sl-border-radius-medium); background: transparent; color: inherit; cursor: pointer; }
.varde-state__retry:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
`;
