/** The Shoelace parts of user administration (its add-user dialog holds the create-user form). */
export const loadUserAdminShoelaceParts = () =>
  Promise.all([
    import('@shoelace-style/shoelace/dist/components/button/button.js'),
    import('@shoelace-style/shoelace/dist/components/input/input.js'),
    import('@shoelace-style/shoelace/dist/components/select/select.js'),
    import('@shoelace-style/shoelace/dist/components/option/option.js'),
    import('@shoelace-style/shoelace/dist/components/dialog/dialog.js'),
    import('@shoelace-style/shoelace/dist/components/spinner/spinner.js'),
  ]);
