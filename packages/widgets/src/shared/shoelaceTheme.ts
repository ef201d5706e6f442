/**
 * Shoelace's design tokens (light theme) as CSS text. Its selectors include `:host`, so inside a
 * widget's shadow root the tokens are set on the <varde-*> element and inherit into the Shoelace
 * parts; in the portal (no shadow root) `:root` applies them to the page.
 */
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js';

export const shoelaceThemeCss: string = lightTheme.cssText;
