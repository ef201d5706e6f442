/** The Shoelace parts <varde-cloud-apps> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadCloudAppsShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
