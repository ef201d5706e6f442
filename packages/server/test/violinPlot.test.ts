import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { renderViolinPlot, renderViolinSvg, violinPlotData } from '../src/anomaly/violinPlot.js';

/** Two tags, 400 rows; every 40th row is noise. */
function input(title = 'ventilation/rooms / baseline') {
  const rows = Array.from({ length: 400 }, (_, i) => [20 + Math.sin(i) * 2, 100 + (i % 50)]);
  const labels = Int32Array.from(rows, (_, i) => (i % 40 === 0 ? -1 : 0));
  const timestamps = rows.map((_, i) => Date.UTC(2026, 0, 1) + i * 900_000);
  return { title, dataset: { columns: ['RT401', 'RT901'], timestamps, rows }, labels };
}

describe('the violin plot', () => {
  it('carries each tag\'s range, quartiles, density and noise rows', () => {
    const data = violinPlotData(input());
    expect(data).toMatchObject({ samples: 400, noiseRows: 10 });
    const [rt401, rt901] = data.rows;
    expect(rt401).toMatchObject({ tag: 'RT401' });
    expect(rt401!.min).toBeCloseTo(18, 1);
    expect(rt401!.max).toBeCloseTo(22, 1);
    expect(rt901).toMatchObject({ tag: 'RT901', min: 100, max: 149 });
    expect(rt901!.q1).toBeLessThan(rt901!.median);
    expect(rt901!.median).toBeLessThan(rt901!.q3);
    expect(rt901!.noise).toHaveLength(10);
    expect(rt901!.density.every((d) => d >= 0)).toBe(true);
  });

  it('draws an SVG with a violin per tag, axes with ticks, and the noise in red', () => {
    const svg = renderViolinSvg(input());
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<path d="M/g)).toHaveLength(2);
    expect(svg.match(/fill="#d32f2f"/g)).toHaveLength(2 * 10 + 1); // noise dots + the legend's
    for (const tick of ['>18<', '>22<', '>100<', '>150<']) expect(svg).toContain(tick);
    expect(svg).toContain('400 samples, 10 marked as noise');
  });

  it('writes names as text, never as markup, and wraps a long title on two lines, then cuts it', () => {
    const svg = renderViolinSvg(input(`<image href="file:///etc/passwd"/> & ${'x'.repeat(100)}`));
    expect(svg).not.toContain('<image');
    expect(svg).toContain('&lt;image href=&quot;file:///etc/passwd&quot;/&gt;');
    expect(svg).toContain('&amp; xxx');
    expect(svg).toContain('…</text>');
    expect(svg.match(/font-size="19"/g)).toHaveLength(2);
  });

  it('rasterises to a PNG at twice the SVG size, with text drawn', () => {
    const png = PNG.sync.read(renderViolinPlot(input()));
    const svgWidth = Number(/width="(\d+)"/.exec(renderViolinSvg(input()))![1]);
    expect(png.width).toBe(svgWidth * 2);
    // The title's first line is dark ink on white: the font was found.
    let ink = 0;
    for (let y = 30; y < 70; y += 1) {
      for (let x = 40; x < 600; x += 1) if (png.data[(y * png.width + x) * 4]! < 80) ink += 1;
    }
    expect(ink).toBeGreaterThan(500);
  });
});
