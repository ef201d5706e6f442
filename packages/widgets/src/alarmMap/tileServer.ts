import type { MapTilesAnswer } from '@varde/core/contract';

/** Production's default tile server. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Tiles to draw over the outlines; `url: null` draws the outlines only. */
export type TileServer = { url: string | null; attribution: string };

/** What the `tile-url` attribute says, if anything: `none` turns tiles off. */
export function tileServerFromAttribute(url: string | undefined, attribution: string | undefined): TileServer | null {
  if (url === undefined || url === '') return null;
  return { url: url === 'none' ? null : url, attribution: attribution ?? '' };
}

/** The reference cloud's `GET /cloud/map-tiles` answer, as a tile server. */
export function tileServerFromCloud(answer: MapTilesAnswer): TileServer {
  return { url: answer.url, attribution: answer.attribution };
}
