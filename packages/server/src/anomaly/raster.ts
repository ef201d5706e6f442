import { glyphRows } from './font5x7.js';

export type Rgb = readonly [number, number, number];

/** An RGBA pixel buffer with the few drawing operations the plots need (alpha blending, text). */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(readonly width: number, readonly height: number, background: Rgb) {
    this.pixels = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      this.pixels.set([background[0], background[1], background[2], 255], i * 4);
    }
  }

  blend(x: number, y: number, color: Rgb, alpha = 1): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const i = (py * this.width + px) * 4;
    for (let c = 0; c < 3; c += 1) {
      this.pixels[i + c] = Math.round(this.pixels[i + c]! * (1 - alpha) + color[c]! * alpha);
    }
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb, alpha = 1): void {
    for (let py = Math.round(y); py < Math.round(y + h); py += 1) {
      for (let px = Math.round(x); px < Math.round(x + w); px += 1) this.blend(px, py, color, alpha);
    }
  }

  /** Text in the 5x7 font, `scale` pixels per font pixel; returns the width drawn. */
  text(x: number, y: number, text: string, color: Rgb, scale = 1): number {
    let cursor = x;
    for (const char of text) {
      const rows = glyphRows(char);
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col += 1) {
          if (bits & (0x10 >> col)) this.fillRect(cursor + col * scale, y + row * scale, scale, scale, color);
        }
      });
      cursor += 6 * scale;
    }
    return cursor - x;
  }

  static textWidth(text: string, scale = 1): number {
    return [...text].length * 6 * scale;
  }
}
