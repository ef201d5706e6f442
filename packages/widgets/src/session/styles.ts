/** CSS of <varde-session>, inside its shadow root. Custom properties and parts are in README.md. */
export const sessionStyles = `
:host { display: inline-block; font-family: var(--sl-font-sans); color: var(--varde-session-color, var(--sl-color-neutral-900)); }
.varde-session { display: flex; flex-direction: column; gap: var(--sl-spacing-small); font-size: var(--sl-font-size-small); }
.varde-session__status { display: flex; align-items: center; gap: var(--sl-spacing-small); flex-wrap: wrap; }
.varde-session__name { font-weight: var(--sl-font-weight-semibold); }
.varde-session__form { display: flex; flex-direction: column; gap: var(--sl-spacing-small); min-width: min(18rem, 100%); }
.varde-session__actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
.varde-session__error { color: var(--sl-color-danger-700); margin: 0; }
.varde-session__help { margin: 0; color: var(--sl-color-neutral-600); }
.varde-session__notice { color: var(--sl-color-success-700); margin: 0; }
`;
