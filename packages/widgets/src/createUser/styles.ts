/**
 * CSS of the create-user form (inside <varde-create-user>'s shadow root, and in the add-user
 * dialog). Custom properties and parts are listed in README.md.
 */
export const createUserStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--varde-create-user-color, var(--sl-color-neutral-900)); }
.varde-create-user { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); max-width: var(--varde-create-user-max-width, 32rem); }
.varde-create-user__title { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.varde-create-user__form { display: grid; gap: var(--sl-spacing-medium); }
.varde-create-user__field--invalid::part(form-control-help-text) { color: var(--sl-color-danger-700); }
.varde-create-user__field--invalid::part(base) { border-color: var(--sl-color-danger-600); }
.varde-create-user__field--invalid::part(combobox) { border-color: var(--sl-color-danger-600); }
.varde-create-user__actions { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); }
.varde-create-user__status { display: flex; align-items: center; gap: var(--sl-spacing-small); margin: 0; color: var(--sl-color-neutral-700); }
.varde-create-user__message { margin: 0; padding: var(--sl-spacing-small) var(--sl-spacing-medium); border-radius: var(--sl-border-radius-medium); border-left: 4px solid; }
.varde-create-user__message--success { background: var(--sl-color-success-50); border-color: var(--sl-color-success-600); color: var(--sl-color-success-800); }
.varde-create-user__message--warning { background: var(--sl-color-warning-50); border-color: var(--sl-color-warning-600); color: var(--sl-color-warning-800); }
.varde-create-user__message--error { background: var(--sl-color-danger-50); border-color: var(--sl-color-danger-600); color: var(--sl-color-danger-800); }
@media (max-width: 30rem) { .varde-create-user__actions sl-button { flex: 1 1 auto; } }
`;
