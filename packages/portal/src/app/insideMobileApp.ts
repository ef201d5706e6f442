/**
 * Inside the mobile app, sites open in the same window. The app's web view exposes its login-hook
 * handlers (Android: `window.Android`, iOS: `window.webkit.messageHandlers`): their presence says so.
 */
export function insideMobileApp(): boolean {
  const w = window as unknown as { Android?: unknown; webkit?: { messageHandlers?: unknown } };
  return Boolean(w.Android || w.webkit?.messageHandlers);
}
