/**
 * The design tokens (Shoelace's light and dark, Varde's own) as CSS text for a widget's shadow root. Its
 * selectors include `:host`, so inside a shadow root the tokens are set on the <varde-*> element and
 * inherit into the Shoelace parts; loaded with the Shoelace parts (shoelace.ts), not at import.
 */
export { designTokensCss as shoelaceThemeCss } from './designTokens.js';
