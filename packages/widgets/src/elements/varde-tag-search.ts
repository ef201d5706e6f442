// Entry of dist/elements/varde-tag-search.js (preact build): loading the module defines the element.
import { defineVardeTagSearch } from '../tagSearch/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeTagSearch();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
