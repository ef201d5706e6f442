/** The Shoelace parts of account settings. */
export const loadAccountSettingsShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/input/input.js'),
    import('@shoelace-style/shoelace/dist/components/switch/switch.js'),
  ]);
