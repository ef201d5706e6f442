/** The Shoelace parts of the create-user form, one import each (loaded lazily, see shared/shoelace.ts). */
export const loadCreateUserShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/input/input.js'),
    import('@shoelace-style/shoelace/dist/components/select/select.js'),
    import('@shoelace-style/shoelace/dist/components/option/option.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
