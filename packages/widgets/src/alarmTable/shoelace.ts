/** The Shoelace parts <varde-alarm-table> uses, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadAlarmTableShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
    import('@shoelace-style/shoelace/dist/components/dialog/dialog.js'),
  ]);
