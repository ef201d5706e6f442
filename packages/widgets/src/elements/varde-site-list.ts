// Entry of dist/elements/varde-site-list.js (preact build): loading the module defines the element.
import { defineVardeSiteList } from '../siteList/element.js';

defineVardeSiteList();
