/** The browser's parser: the page's web-ifc instance (wasm beside the chunk). */
import { parseIfcModel } from './ifcModel.js';
import type { IfcParser } from './modelSet.js';
import { webIfc } from './webIfcRuntime.js';

export const parseWithWebIfc: IfcParser = async (bytes) => parseIfcModel(await webIfc(), bytes);
