/**
 * Shoelace's own texts (a dialog's close button, a password field's reveal) in the page's language
 * (issue 37, item 6: "Close" and "Show password" in Norwegian and Swedish). Shoelace reads the
 * document's lang: the portal sets `no` or `sv` (and `nb` is Norwegian too); Shoelace ships `nb` and
 * `sv`, registered here also under `no` and `se` (the catalogues' code for Swedish).
 */
import { registerTranslation } from '@shoelace-style/shoelace/dist/utilities/localize.js';
import norwegian from '@shoelace-style/shoelace/dist/translations/nb.js';
import swedish from '@shoelace-style/shoelace/dist/translations/sv.js';

registerTranslation({ ...norwegian, $code: 'no' }, { ...swedish, $code: 'se' });
