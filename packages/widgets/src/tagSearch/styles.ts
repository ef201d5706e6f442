/** CSS of <varde-tag-search>, inside its shadow root. */
export const tagSearchStyles = `
:host { display: block; font-family: var(--sl-font-sans); color: var(--sl-color-neutral-900); }
.varde-tag-search { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); font-family: var(--sl-font-sans); font-size: var(--sl-font-size-small); }
.varde-tag-search__form { display: flex; gap: 0; max-width: 40rem; }
.varde-tag-search__input { flex: 1 1 auto; min-width: 0; font: inherit; font-size: var(--sl-font-size-medium); padding: 8px 12px; border: 1px solid var(--sl-color-neutral-400);
  border-radius: var(--sl-border-radius-medium) 0 0 var(--sl-border-radius-medium); background: var(--sl-color-neutral-0); color: inherit; }
.varde-tag-search__go { border: 1px solid var(--varde-primary); background: var(--varde-primary); color: var(--varde-on-primary); padding: 0 14px; font-size: 1.1rem;
  border-radius: 0 var(--sl-border-radius-medium) var(--sl-border-radius-medium) 0; cursor: pointer; display: inline-flex; align-items: center; }
.varde-tag-search__go:focus-visible, .varde-tag-search__input:focus-visible { outline: 2px solid var(--sl-color-primary-600); outline-offset: 1px; }
.varde-tag-search__examples { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); max-width: 40rem; }
.varde-tag-search__examples summary { cursor: pointer; font-weight: var(--sl-font-weight-semibold); }
.varde-tag-search__example-bar { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: center; margin: var(--sl-spacing-small) 0; }
.varde-tag-search__filter { font: inherit; padding: 4px 8px; border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium); min-width: 0; flex: 1 1 10rem; }
.varde-tag-search__example-list { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.varde-tag-search__example { font: inherit; border: 1px solid var(--sl-color-neutral-300); background: var(--sl-color-neutral-0); border-radius: 999px; padding: 2px 10px; cursor: pointer; color: inherit;
  display: inline-flex; gap: 6px; align-items: center; min-height: 28px; }
.varde-tag-search__example[aria-pressed='true'] { border-color: var(--sl-color-primary-600); background: var(--sl-color-primary-50); }
.varde-tag-search__status { color: var(--sl-color-neutral-600); display: flex; gap: var(--sl-spacing-medium); flex-wrap: wrap; align-items: center; margin: 0; }
.varde-tag-search__empty { margin: 0; padding: var(--sl-spacing-medium); background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-medium); overflow-wrap: anywhere; }
.varde-tag-search__table-wrap { overflow-x: auto; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.varde-tag-search__table { width: 100%; border-collapse: collapse; min-width: 36rem; }
.varde-tag-search__as-of { color: var(--sl-color-neutral-700); font-size: var(--sl-font-size-small); }
.varde-tag-search__table th, .varde-tag-search__table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--sl-color-neutral-100); vertical-align: top; }
.varde-tag-search__table th { background: var(--sl-color-neutral-50); font-weight: var(--sl-font-weight-semibold); }
.varde-tag-search__toggle { background: none; border: 0; cursor: pointer; padding: 2px; color: var(--sl-color-neutral-700); display: inline-flex; transition: transform 0.15s; }
.varde-tag-search__toggle[aria-expanded='true'] { transform: rotate(90deg); }
.varde-tag-search__details td { background: var(--sl-color-neutral-50); }
.varde-tag-search__details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px var(--sl-spacing-medium); margin: 0; }
.varde-tag-search__details dt { color: var(--sl-color-neutral-600); }
.varde-tag-search__details dd { margin: 0; overflow-wrap: anywhere; }
.varde-tag-search__open { color: var(--sl-color-primary-700); display: inline-flex; }
.varde-tag-search__more { align-self: flex-start; }
`;
