/** The Shoelace parts <varde-session> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadSessionShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/input/input.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
