/** CSS of <varde-site-alarm-cards>, inside its shadow root. */
export const siteAlarmCardsStyles = `
:host { display: block; font-family: var(--sl-font-sans); }
.varde-site-alarm-cards { font-family: var(--sl-font-sans); font-size: var(--sl-font-size-small); }
.varde-site-alarm-cards__grid { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--sl-spacing-small);
  grid-template-columns: repeat(auto-fill, minmax(min(15rem, 100%), 1fr)); }
.varde-site-alarm-cards__card { border: 1px solid var(--sl-color-neutral-200); border-left: 6px solid var(--card-color); border-radius: var(--sl-border-radius-medium);
  padding: var(--sl-spacing-small) var(--sl-spacing-medium); background: var(--sl-color-neutral-0); display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.varde-site-alarm-cards__name { font-weight: var(--sl-font-weight-semibold); font-size: var(--sl-font-size-medium); overflow-wrap: anywhere; color: inherit; }
a.varde-site-alarm-cards__name { color: var(--sl-color-primary-700); }
.varde-site-alarm-cards__class { display: inline-block; padding: 0 6px; border-radius: var(--sl-border-radius-small); font-weight: var(--sl-font-weight-bold); margin-right: 6px; }
.varde-site-alarm-cards__meta { color: var(--sl-color-neutral-700); overflow-wrap: anywhere; }
.varde-site-alarm-cards__title { margin: 0 0 var(--sl-spacing-small); font-weight: var(--sl-font-weight-semibold); font-size: var(--sl-font-size-medium); }
.varde-site-alarm-cards__message { margin: 0; color: var(--sl-color-neutral-600); }
`;
