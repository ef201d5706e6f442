import { useEffect, useState } from 'react';
import { MAP_TILES_PATH, mapTilesAnswer } from '@varde/core/contract';
import type { Settings } from '@varde/core';
import { OSM_TILE_URL, tileServerFromAttribute, tileServerFromCloud, type TileServer } from './tileServer.js';

/**
 * Which tiles the map draws over the shipped outlines: the element's `tile-url` when set; else, on the
 * reference cloud, what it was started with (`--map-tiles`, asked once at GET /cloud/map-tiles; none
 * when it cannot answer); else OpenStreetMap. Null until known.
 */
export function useTileServer(url: string | undefined, attribution: string | undefined, settings: Settings | null): TileServer | null {
  const fromAttribute = tileServerFromAttribute(url, attribution);
  const [fromCloud, setFromCloud] = useState<TileServer | null>(null);
  const askCloud = !fromAttribute && settings?.local === true;
  const origin = askCloud ? new URL(settings.authServerUrl).origin : null;

  useEffect(() => {
    if (!origin) return;
    let cancelled = false;
    fetch(`${origin}${MAP_TILES_PATH}`)
      .then(async (response) => mapTilesAnswer.parse(await response.json()))
      .then(
        (answer) => !cancelled && setFromCloud(tileServerFromCloud(answer)),
        () => !cancelled && setFromCloud({ url: null, attribution: '' }),
      );
    return () => {
      cancelled = true;
    };
  }, [origin]);

  if (fromAttribute) return fromAttribute;
  if (askCloud) return fromCloud;
  return settings ? { url: OSM_TILE_URL, attribution: '' } : null;
}
