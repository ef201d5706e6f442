/** CSS of account settings (with the snackbar's). Parts are in README.md. */
/* Errors are marked data-error: Shoelace sets data-invalid itself on any empty required field, before anyone typed. */
export const accountSettingsStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--varde-account-settings-color, var(--sl-color-neutral-900)); }
.varde-account-settings { display: grid; gap: var(--sl-spacing-large); max-width: var(--varde-account-settings-max-width, 40rem); }
.varde-account-settings__card { display: grid; gap: var(--sl-spacing-medium); padding: var(--sl-spacing-large); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); background: var(--varde-account-settings-card-background, var(--sl-color-neutral-0)); }
.varde-account-settings__card h2 { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.varde-account-settings__card sl-input[data-error]::part(form-control-help-text) { color: var(--sl-color-danger-700); }
.varde-account-settings__card sl-input[data-error]::part(base) { border-color: var(--sl-color-danger-600); }
.varde-account-settings__native { display: grid; gap: var(--sl-spacing-3x-small); }
.varde-account-settings__label { font-size: var(--sl-input-label-font-size-medium); color: var(--sl-input-label-color); }
.varde-account-settings__native select { font: inherit; font-size: var(--sl-input-font-size-medium); height: var(--sl-input-height-medium); padding: 0 var(--sl-input-spacing-medium); border: solid var(--sl-input-border-width) var(--sl-input-border-color); border-radius: var(--sl-input-border-radius-medium); background: var(--sl-input-background-color); color: var(--sl-input-color); max-width: 100%; }
.varde-account-settings__native select:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
.varde-account-settings__help { font-size: var(--sl-input-help-text-font-size-medium); color: var(--sl-input-help-text-color); }
@media (max-width: 30rem) { .varde-account-settings__card { padding: var(--sl-spacing-medium); } }
`;
