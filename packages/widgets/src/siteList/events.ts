/** `varde-site-open`: the user opens an online site. Cancelable: a host that cancels it opens the site itself. */
export interface SiteOpenDetail {
  uuid: string;
  name: string;
  /** The site's login link (core's siteLoginLink). */
  url: string;
  /** `_blank` in a browser, `_self` inside the mobile app. */
  target: '_blank' | '_self';
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-site-open': SiteOpenDetail;
  }
}
