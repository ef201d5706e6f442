/** The Shoelace parts <varde-site-list> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadSiteListShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
  ]);
