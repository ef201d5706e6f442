/**
 * The local viewers, loaded on first use: three.js and web-ifc live in lazy chunks (never in an
 * element's main bundle), as monaco does for the cloud functions editor.
 */
import type { ViewerFactory } from './viewerTypes.js';

const loading: Partial<Record<'viewer3d' | 'viewer2d', Promise<ViewerFactory>>> = {};

export function loadViewerFactory(kind: 'viewer3d' | 'viewer2d'): Promise<ViewerFactory> {
  loading[kind] ??= (
    kind === 'viewer3d'
      ? import('./local/viewer3d.js').then((module) => module.createLocalViewer3d)
      : import('./local/viewer2d.js').then((module) => module.createLocalViewer2d)
  ).catch((error: unknown) => {
    delete loading[kind]; // a chunk that failed to load (network) is tried again next time
    throw error;
  });
  return loading[kind];
}
