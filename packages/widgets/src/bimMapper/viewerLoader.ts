/**
 * Where the mapper gets its viewers: the lazy loader (./viewer/loadViewer.ts), which
 * imports the three.js / web-ifc chunks only when a viewer is first made.
 */
import type { ViewerFactory } from './viewer/viewerTypes.js';
import { loadViewerFactory } from './viewer/loadViewer.js';

export type ViewerKind = 'viewer3d' | 'viewer2d';
export type ViewerFactoryLoader = (kind: ViewerKind) => Promise<ViewerFactory>;

export const loadBimViewerFactory: ViewerFactoryLoader = (kind) => loadViewerFactory(kind);
