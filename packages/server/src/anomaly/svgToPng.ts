import { Resvg } from '@resvg/resvg-js';
import { createRequire } from 'node:module';

/**
 * Rasterises an SVG drawn by this cloud to PNG, for the calls whose contract answers image/png.
 * resvg draws text only with fonts it is given: Inter (regular and semibold, OFL) ships with the
 * cloud as an npm package, and system fonts are not read, so the image is the same on every machine.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
];
export const PLOT_FONT_FAMILY = 'Inter';

/** The PNG of `svg` at `density` device pixels per SVG unit (2 stays sharp on high-density screens). */
export function svgToPng(svg: string, density = 2): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: density },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: PLOT_FONT_FAMILY },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}
