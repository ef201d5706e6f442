/**
 * One set of design tokens: Shoelace's light and dark themes plus Varde's own (designTokens.css), as CSS
 * text for a shadow root (WidgetRoot, loaded with a widget's Shoelace parts) and for the portal's <head>.
 * Shoelace's dark theme is written for `:host, .sl-theme-dark`; `:host` is dropped here, so inside a
 * shadow root dark applies only under the `.sl-theme-dark` a widget's root gets when the page is dark.
 */
import lightThemeCss from '@shoelace-style/shoelace/dist/themes/light.css?raw';
import darkThemeCss from '@shoelace-style/shoelace/dist/themes/dark.css?raw';
import vardeTokensCss from './designTokens.css?raw';

const darkScoped = darkThemeCss.replace(/^:host,\s*\n\.sl-theme-dark\s*\{/m, ":root[data-scheme='dark'],\n.sl-theme-dark {");

export const designTokensCss: string = `${lightThemeCss}\n${darkScoped}\n${vardeTokensCss}`;
