const adopted = new Set<string>();

/**
 * A lazy page's own stylesheet, adopted by the document when the page's chunk loads instead of riding in
 * the first paint's CSS (its budget: firstPaintWeight.mjs). A constructed stylesheet, because the portal's
 * Content-Security-Policy allows no inline <style>. Adopted once, however many modules ask.
 */
export function adoptStyles(cssText: string): void {
  if (adopted.has(cssText) || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted.add(cssText);
}
