/** The Shoelace parts <varde-cloud-functions> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadCloudFunctionsShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
