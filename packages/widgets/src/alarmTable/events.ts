/**
 * `varde-navigate`: the user follows one of the widget's own links (alarm list <-> map).
 * Cancelable: a single-page host (the portal) cancels it and routes itself.
 */
export interface NavigateDetail {
  href: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-navigate': NavigateDetail;
  }
}
