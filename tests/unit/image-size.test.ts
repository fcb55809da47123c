import { describe, expect, it } from 'vitest';
import { base64Reader, declaredImageSize } from '../../src/engine/core/image-size';

const SOI = [0xff, 0xd8];
const APP0 = [
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
];
/** A frame header (SOF0, or SOF2 progressive) of 300 wide × 200 high: height 0x00c8 before width 0x012c. */
const frame = (marker: number) => [0xff, marker, 0x00, 0x0b, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x01, 0x01, 0x11, 0x00];
const DHT = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
const SOS = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];

describe('the size an image declares, read from its header alone', () => {
  it('reads a PNG from its IHDR chunk', () => {
    const png = Buffer.alloc(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    png.writeUInt32BE(4000, 16);
    png.writeUInt32BE(3, 20);
    expect(declaredImageSize('png', png)).toEqual({ width: 4000, height: 3 });
    expect(declaredImageSize('png', base64Reader(png.toString('base64')))).toEqual({ width: 4000, height: 3 });
  });

  it.each([
    ['after an APP0 segment', [...SOI, ...APP0, ...frame(0xc0), ...SOS]],
    [
      "of a progressive JPEG, after a table that shares the frame markers' range",
      [...SOI, ...DHT, ...frame(0xc2), ...SOS],
    ],
    ['past fill bytes before a marker', [...SOI, 0xff, 0xff, ...frame(0xc0), ...SOS]],
  ])('reads a JPEG frame %s', (_, bytes) => {
    const jpeg = Buffer.from([...bytes, 0x00, 0xff, 0xd9]);
    expect(declaredImageSize('jpeg', jpeg)).toEqual({ width: 300, height: 200 });
    expect(declaredImageSize('jpeg', base64Reader(jpeg.toString('base64')))).toEqual({ width: 300, height: 200 });
  });

  it.each([
    ['a JPEG frame with no scan after it', [...SOI, ...frame(0xc0), 0xff, 0xd9]],
    ['a JPEG with no frame before its scan', [...SOI, ...APP0, ...SOS]],
    ['a JPEG with two frames', [...SOI, ...frame(0xc0), ...frame(0xc0), ...SOS]],
    ['a JPEG cut short inside a segment', [...SOI, ...APP0.slice(0, 8)]],
  ])('finds no size in %s', (_, bytes) => {
    expect(declaredImageSize('jpeg', Buffer.from(bytes))).toBeUndefined();
  });

  it("counts a base64 text's bytes without decoding it", () => {
    expect(base64Reader(Buffer.alloc(7).toString('base64')).length).toBe(7);
    expect(base64Reader(Buffer.alloc(8).toString('base64')).length).toBe(8);
    expect(base64Reader(Buffer.alloc(9).toString('base64')).length).toBe(9);
  });
});
