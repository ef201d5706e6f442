/** The Shoelace parts <varde-bim-mapper> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadBimMapperShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/tab-group/tab-group.js'),
    import('@shoelace-style/shoelace/dist/components/tab/tab.js'),
    import('@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js'),
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/dialog/dialog.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
