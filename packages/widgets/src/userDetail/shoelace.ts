/** The Shoelace parts of the user detail. */
export const loadUserDetailShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/input/input.js'),
    import('@shoelace-style/shoelace/dist/components/switch/switch.js'),
    import('@shoelace-style/shoelace/dist/components/radio-group/radio-group.js'),
    import('@shoelace-style/shoelace/dist/components/radio/radio.js'),
    import('@shoelace-style/shoelace/dist/components/dialog/dialog.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
