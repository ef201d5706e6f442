import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * `GET /cloud/map-tiles` (public): the tile server the reference cloud was started with
 * (`--map-tiles`), or `url: null` when the map shows only the outlines shipped with the widgets.
 */
export const mapTilesAnswer = z.object({ url: z.nullable(z.string()), attribution: z.string() });
export type MapTilesAnswer = z.infer<typeof mapTilesAnswer>;
export const MAP_TILES_PATH = '/cloud/map-tiles';
