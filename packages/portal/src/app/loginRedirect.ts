import { LANGUAGE_STORAGE_KEY } from './language.js';
import { currentPathAndQuery, navigate } from './router.js';

/**
 * Clears local storage and (unless told not to) session storage — spec: on a failed session start and
 * on logout — keeping only the UI language the user chose: a preference, not session data.
 */
export function clearBrowserStorage(options: { session?: boolean } = {}): void {
  const language = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  window.localStorage.clear();
  if (options.session !== false) window.sessionStorage.clear();
  if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** The /login address that brings the user back to `redirect` afterwards. */
export function loginPath(redirect: string, prompt?: 'none' | 'login'): string {
  const query = new URLSearchParams();
  if (prompt) query.set('prompt', prompt);
  query.set('redirect', redirect);
  return `/login?${query.toString()}`;
}

/** Off to /login, remembering where the user is. */
export function redirectToLogin(prompt?: 'none' | 'login'): void {
  navigate(loginPath(currentPathAndQuery(), prompt), { replace: true });
}
