/**
 * Shoelace's design tokens (light theme) as CSS text. Its selectors include `:host`, so inside a
 * widget's shadow root the tokens are set on the <varde-*> element and inherit into the Shoelace
 * parts; in the portal (no shadow root) `:root` applies them to the page. Read as text from the
 * package's CSS file, not its lit module; loaded with the Shoelace parts (shoelace.ts).
 */
import lightThemeCss from '@shoelace-style/shoelace/dist/themes/light.css?raw';

export const shoelaceThemeCss: string = lightThemeCss;
