/**
 * Leaflet and Leaflet.markercluster, loaded on first use (import()), never at module top level.
 * The cluster plugin is a UMD script that extends the global `L`, so Leaflet is put there first.
 */
import type * as Leaflet from 'leaflet';
import type {} from 'leaflet.markercluster';

export type LeafletModule = typeof Leaflet;

let loading: Promise<LeafletModule> | null = null;

export function loadLeaflet(): Promise<LeafletModule> {
  loading ??= (async () => {
    const imported = (await import('leaflet')) as LeafletModule & { default?: LeafletModule };
    const L = imported.default ?? imported;
    const global = globalThis as { L?: LeafletModule };
    global.L ??= L;
    await import('leaflet.markercluster');
    return L;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
