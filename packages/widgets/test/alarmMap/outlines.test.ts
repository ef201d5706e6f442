// @vitest-environment node
import { expect, it } from 'vitest';
import { unwrappedAntimeridian, withoutAntimeridianEdges } from '../../src/alarmMap/outlines.js';

it('drops the cut along ±180° from coastlines, keeping the real coast on each side', () => {
  const lines = withoutAntimeridianEdges({
    type: 'MultiLineString',
    coordinates: [[[170, 65], [180, 66], [180, 70], [175, 71]], [[-180, 68], [-175, 67], [-170, 66]]],
  });
  expect(lines.coordinates).toEqual([[[170, 65], [180, 66]], [[180, 70], [175, 71]], [[-180, 68], [-175, 67], [-170, 66]]]);
});

it('moves a polygon that spans the antimeridian east of 180°, and leaves Norway and Antarctica alone', () => {
  const chukotka = [[[175, 65], [180, 65], [180, 70], [175, 70], [175, 65]], [[-180, 65], [-170, 65], [-170, 70], [-180, 70], [-180, 65]]];
  const norway = [[[5, 58], [31, 58], [31, 71], [5, 71], [5, 58]]];
  const antarctica = [[[-180, -90], [-180, -70], [180, -70], [180, -90], [-180, -90]]];
  const land = unwrappedAntimeridian({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [chukotka as never, norway, antarctica] } },
    ],
  });
  expect(land.coordinates[0]!.flat().every(([lon]) => lon! >= 175)).toBe(true);
  expect(land.coordinates[1]).toEqual(norway);
  expect(land.coordinates[2]).toEqual(antarctica);
});
