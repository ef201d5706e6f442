export {
  SITE_ROW_HEIGHT_PX,
  SITES_PAGE_SIZE,
  SITES_PAGE_MAX,
  SITES_AHEAD_SCREENS,
  SITES_SCROLL_TRIGGER_PX,
  SITES_SCROLL_THROTTLE_MS,
  SITE_STATUS_REFRESH_MS,
  ALARM_REPORT_REFRESH_MS,
  SEARCH_PAGE_SITES_INITIAL,
  MOBILE_MAX_WIDTH_PX,
  firstPageSize,
  nextPageSize,
  isMobileWidth,
} from './constants.js';
export { getSite, listSites, listAllSites, fetchAlarmReport, type ListSitesOptions, type SiteListKind } from './sitesClient.js';
export {
  alarmDisplayState,
  alarmSummary,
  siteStatusIcon,
  type AlarmDisplayState,
  type AlarmSummary,
  type SiteStatusIcon,
  type SiteStatusIconName,
} from './siteDisplay.js';
export { siteLoginLink, siteOpenTarget, type SiteLoginLinkOptions } from './siteLoginLink.js';
export { createSitesStore, type SitesState, type SitesStore, type SitesStoreOptions, type SiteStatusTags } from './sitesStore.js';
