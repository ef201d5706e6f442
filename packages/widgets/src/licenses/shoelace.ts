/** The Shoelace parts <varde-licenses> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadLicensesShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
