// Entry of dist/elements/varde-ml-explorer.js (preact build): loading the module defines the element.
import { defineMlExplorer } from '../mlExplorer/element.js';
import { defineVardeSession } from '../session/element.js';

defineMlExplorer();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
