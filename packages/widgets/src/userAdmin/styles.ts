/** CSS of user administration (with the create-user form's and the snackbar's). Parts are in README.md. */
export const userAdminStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--varde-user-admin-color, var(--sl-color-neutral-900)); }
.varde-user-admin { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); }
.varde-user-admin__toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--sl-spacing-medium); }
.varde-user-admin__search { flex: 1 1 16rem; max-width: 28rem; }
.varde-user-admin__table { width: 100%; border-collapse: collapse; font-size: var(--sl-font-size-medium); }
.varde-user-admin__table th { text-align: left; font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-neutral-700); border-bottom: 2px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); }
.varde-user-admin__table td { border-bottom: 1px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); vertical-align: middle; overflow-wrap: anywhere; }
.varde-user-admin__table tbody tr:hover { background: var(--sl-color-neutral-50); }
.varde-user-admin__actions-head { text-align: right !important; }
.varde-user-admin__actions { text-align: right; white-space: nowrap; }
.varde-user-admin__actions sl-button + sl-button { margin-left: var(--sl-spacing-x-small); }
.varde-user-admin__empty { margin: 0; padding: var(--sl-spacing-large) 0; color: var(--sl-color-neutral-700); overflow-wrap: anywhere; }
.varde-user-admin__footer { display: flex; align-items: center; justify-content: space-between; gap: var(--sl-spacing-small); color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.varde-user-admin__dialog { --width: min(34rem, calc(100vw - 2rem)); }
.varde-user-admin__confirm-text { margin: 0; overflow-wrap: anywhere; }
.varde-user-admin__directory { margin-inline-start: 0.5em; padding: 0 0.4em; border: 1px solid var(--sl-color-neutral-300); border-radius: 4px; font-weight: normal; font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-700); }
/* Narrow screens: each user becomes a small card (no sideways scrolling). */
@media (max-width: 40rem) {
  .varde-user-admin__table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .varde-user-admin__table, .varde-user-admin__table tbody, .varde-user-admin__table tr, .varde-user-admin__table td { display: block; }
  .varde-user-admin__table tr { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); margin-bottom: var(--sl-spacing-small); padding: var(--sl-spacing-x-small) 0; }
  .varde-user-admin__table td { border: 0; padding: 2px var(--sl-spacing-small); }
  .varde-user-admin__table td[data-label]:empty { display: none; }
  .varde-user-admin__username { font-weight: var(--sl-font-weight-semibold); }
  .varde-user-admin__actions { text-align: left; padding-top: var(--sl-spacing-x-small) !important; }
}
`;
