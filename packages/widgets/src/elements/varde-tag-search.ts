// Entry of dist/elements/varde-tag-search.js (preact build): loading the module defines the element.
import { defineVardeTagSearch } from '../tagSearch/element.js';

defineVardeTagSearch();
