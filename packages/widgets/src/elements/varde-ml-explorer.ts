// Entry of dist/elements/varde-ml-explorer.js (preact build): loading the module defines the element.
import { defineMlExplorer } from '../mlExplorer/element.js';

defineMlExplorer();
