/** Sites page constants (core-shell §9). */
export const SITE_ROW_HEIGHT_PX = 64;
/** The smallest later page (spec); later pages grow with the list, see nextPageSize. */
export const SITES_PAGE_SIZE = 10;
/** The largest later page: a fast scroll through thousands of sites needs few requests, each still quick. */
export const SITES_PAGE_MAX = 200;
/** Later pages are asked for while the end is within this many screens of the viewport. */
export const SITES_AHEAD_SCREENS = 2;
export const SITES_SCROLL_TRIGGER_PX = 300;
export const SITES_SCROLL_THROTTLE_MS = 150;
export const SITE_STATUS_REFRESH_MS = 30_000;
export const ALARM_REPORT_REFRESH_MS = 30_000;
/** The search page's site list starts with this many. */
export const SEARCH_PAGE_SITES_INITIAL = 15;
/** At or below this window width the portal is in mobile mode. */
export const MOBILE_MAX_WIDTH_PX = 960;

/** First page: as many sites as fit the window (window height / 64 px), at least one. */
export function firstPageSize(windowHeight: number): number {
  if (!Number.isFinite(windowHeight) || windowHeight <= 0) return SITES_PAGE_SIZE;
  return Math.max(1, Math.ceil(windowHeight / SITE_ROW_HEIGHT_PX));
}

/**
 * Later pages double the list (10 at least, 200 at most): a user who scrolls far gets there in a
 * few requests, one who looks at the first screen costs one small page ahead (decision 012).
 */
export function nextPageSize(loaded: number): number {
  return Math.min(SITES_PAGE_MAX, Math.max(SITES_PAGE_SIZE, loaded));
}

export function isMobileWidth(windowWidth: number): boolean {
  return windowWidth <= MOBILE_MAX_WIDTH_PX;
}
