/** CSS of the user detail (with the snackbar's). Parts are in README.md. */
export const userDetailStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--varde-user-detail-color, var(--sl-color-neutral-900)); }
.varde-user-detail { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); max-width: var(--varde-user-detail-max-width, 48rem); }
.varde-user-detail__header { display: flex; flex-direction: column; align-items: flex-start; gap: var(--sl-spacing-x-small); }
.varde-user-detail__title { margin: 0; font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-semibold); overflow-wrap: anywhere; }
.varde-user-detail__rows { margin: 0; display: grid; }
.varde-user-detail__row { display: grid; grid-template-columns: minmax(8rem, 12rem) minmax(0, 1fr); align-items: center; gap: var(--sl-spacing-small); padding: var(--sl-spacing-small) 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
.varde-user-detail__row dt { font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-neutral-700); }
.varde-user-detail__row dd { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small); min-width: 0; }
.varde-user-detail__value { flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
.varde-user-detail__inline-form { display: flex; flex-wrap: wrap; align-items: flex-start; gap: var(--sl-spacing-x-small); width: 100%; }
.varde-user-detail__inline-input { flex: 1 1 14rem; }
.varde-user-detail__inline-input[data-error]::part(form-control-help-text) { color: var(--sl-color-danger-700); }
.varde-user-detail__section { display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.varde-user-detail__section-title { margin: 0; font-size: var(--sl-font-size-large); }
.varde-user-detail__filter { max-width: 22rem; }
.varde-user-detail__toggles { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: var(--sl-spacing-x-small) var(--sl-spacing-large); }
.varde-user-detail__toggle { display: flex; align-items: center; gap: var(--sl-spacing-small); min-height: 2rem; }
.varde-user-detail__role { display: flex; align-items: flex-start; gap: var(--sl-spacing-medium); }
.varde-user-detail__pending { font-size: 1rem; }
.varde-user-detail__failure { margin: 0; color: var(--sl-color-danger-700); overflow-wrap: anywhere; }
.varde-user-detail__empty { margin: 0; color: var(--sl-color-neutral-600); }
@media (max-width: 40rem) {
  .varde-user-detail__row { grid-template-columns: minmax(0, 1fr); gap: var(--sl-spacing-2x-small); }
}
`;
