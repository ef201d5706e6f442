/**
 * The basemap that works offline: land and country borders from Natural Earth (world-atlas, 1:50m),
 * shipped with the widgets and drawn as Leaflet vector layers in a pane below the tiles. Loaded on
 * first use (import()), so the map element's first bytes do not carry it. With a tile server the
 * tiles cover it once they load; without one (or offline) it is the map.
 */
import type * as Leaflet from 'leaflet';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LeafletModule } from './loadLeaflet.js';

export const OUTLINES_PANE = 'varde-outlines';

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let loading: Promise<{ land: GeoJSON.GeoJsonObject; coast: GeoJSON.GeoJsonObject; borders: GeoJSON.GeoJsonObject }> | null = null;

/**
 * Natural Earth cuts polygons that cross the antimeridian (eastern Russia) along ±180°; drawn as lines,
 * those cuts would run straight across the map. Lines are split there and the cut edges left out.
 */
export function withoutAntimeridianEdges(lines: GeoJSON.MultiLineString): GeoJSON.MultiLineString {
  const onCut = (a: GeoJSON.Position, b: GeoJSON.Position) =>
    (Math.abs(a[0]!) > 179.99 && Math.abs(b[0]!) > 179.99) || Math.abs(a[0]! - b[0]!) > 180;
  const kept: GeoJSON.Position[][] = [];
  for (const line of lines.coordinates) {
    let current: GeoJSON.Position[] = [];
    line.forEach((point, index) => {
      if (index > 0 && onCut(line[index - 1]!, point)) {
        if (current.length > 1) kept.push(current);
        current = [];
      }
      current.push(point);
    });
    if (current.length > 1) kept.push(current);
  }
  return { type: 'MultiLineString', coordinates: kept };
}

/**
 * Filled, a polygon cut at ±180° would wrap around the map as a band; one that spans the antimeridian
 * (eastern Russia, Fiji) is moved to continue east of 180° instead. Antarctica, which encircles the
 * pole, stays as it is.
 */
export function unwrappedAntimeridian(land: GeoJSON.Feature | GeoJSON.FeatureCollection): GeoJSON.MultiPolygon {
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  const polygons = features.flatMap((feature) => {
    const geometry = feature.geometry;
    if (geometry.type === 'Polygon') return [geometry.coordinates];
    return geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  });
  return {
    type: 'MultiPolygon',
    coordinates: polygons.map((rings) => {
      const points = rings.flat();
      const lons = points.map((point) => point[0]!);
      const spans = Math.max(...lons) - Math.min(...lons) > 180 && Math.min(...points.map((point) => point[1]!)) > -60;
      return spans ? rings.map((ring) => ring.map(([lon, lat]) => [lon! < 0 ? lon! + 360 : lon!, lat!])) : rings;
    }),
  };
}

function loadOutlines() {
  loading ??= Promise.all([import('topojson-client'), import('world-atlas/countries-50m.json')]).then(([topojson, atlas]) => {
    const topology = ((atlas as { default?: unknown }).default ?? atlas) as Countries;
    return {
      land: unwrappedAntimeridian(topojson.feature(topology, topology.objects.land)),
      coast: withoutAntimeridianEdges(topojson.mesh(topology, topology.objects.land)),
      // Only borders between two countries: coastlines come from the land's own edge.
      borders: topojson.mesh(topology, topology.objects.countries, (a, b) => a !== b),
    };
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Land (filled), its coastline and country borders, not interactive, in their own low pane. */
export async function outlinesLayer(L: LeafletModule, map: Leaflet.Map): Promise<Leaflet.LayerGroup> {
  if (!map.getPane(OUTLINES_PANE)) map.createPane(OUTLINES_PANE).style.zIndex = '150'; // under the tiles (200)
  const { land, coast, borders } = await loadOutlines();
  const common = { pane: OUTLINES_PANE, interactive: false, smoothFactor: 1.5 };
  return L.layerGroup([
    L.geoJSON(land, { ...common, style: { className: 'varde-alarm-map__land', stroke: false, fillColor: '#eef1ea', fillOpacity: 1 } }),
    L.geoJSON(coast, { ...common, style: { className: 'varde-alarm-map__coast', color: '#7c93a5', weight: 1, fill: false } }),
    L.geoJSON(borders, { ...common, style: { className: 'varde-alarm-map__border', color: '#a3b1bd', weight: 0.8, dashArray: '3 3', fill: false } }),
  ]);
}
