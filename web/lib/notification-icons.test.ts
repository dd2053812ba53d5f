import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from './notification-icons';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

/** An 8-bit RGBA PNG's size and pixels (the only kind scripts/render-icons.ts writes): IDAT inflated, rows unfiltered. */
function decodeRgbaPng(file: Buffer): { width: number; height: number; pixels: Uint8Array } {
  expect(file.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9], body[12]], 'bit depth 8, colour type RGBA, not interlaced').toEqual([8, 6, 0]);
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, paeth()][filter];
      if (predicted === undefined) throw new Error(`PNG filter ${filter}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

const read = (url: string) => decodeRgbaPng(readFileSync(path.join(publicDir, url)));

describe("notifications' images (decision 260)", () => {
  it('the icon is the 192 px PNG logo, opaque in the middle', () => {
    const { width, height, pixels } = read(NOTIFICATION_ICON);
    expect([width, height]).toEqual([192, 192]);
    expect(pixels[(96 * 192 + 96) * 4 + 3]).toBe(255);
  });

  it('the badge is the mark alone: white on transparency, neither empty nor a filled square', () => {
    const { width, height, pixels } = read(NOTIFICATION_BADGE);
    expect([width, height]).toEqual([96, 96]);
    let drawn = 0;
    let notWhite = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      if (pixels[index + 3]! === 0) continue;
      drawn += 1;
      if (Math.min(pixels[index]!, pixels[index + 1]!, pixels[index + 2]!) < 250) notWhite += 1;
    }
    expect(notWhite).toBe(0);
    // The mark (a triangle and a dot) covers a fraction of the square; the corners are transparent.
    expect(drawn / (width * height)).toBeGreaterThan(0.1);
    expect(drawn / (width * height)).toBeLessThan(0.6);
    expect(pixels[3]).toBe(0);
  });
});
