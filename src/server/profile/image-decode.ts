import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { declaredImageSize, oversizeProblem } from '../../engine/core/image-size';
import { probeImage } from '../../pdf';

const WHITE = { red: 255, green: 255, blue: 255 };
/** Channels per pixel of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The seven passes of an interlaced (Adam7) PNG: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** An image the server will not keep, with the message the operator sees. */
export class ImageRefusal extends Error {}

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** The filtered scanlines' size for `width` × `height` pixels: a filter byte and the packed pixels per row. */
const scanlineBytes = (width: number, height: number, bitsPerPixel: number) =>
  width > 0 && height > 0 ? (Math.ceil((width * bitsPerPixel) / 8) + 1) * height : 0;

/**
 * Inflates a PNG's image data at most to the size its header allows: pngjs inflates an interlaced PNG without
 * any bound, so one declaring 1 × 1 pixels grew to 300 MB before it was refused.
 */
function checkImageData(bytes: Buffer, label: string): void {
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colorType: number; interlaced: boolean } | undefined;
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR' && data.length >= 13) {
      const [depth, colorType, , , interlace] = data.subarray(8, 13);
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth,
        colorType,
        interlaced: interlace === 1,
      };
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const channels = header && CHANNELS[header.colorType];
  if (!header || !channels) throw new ImageRefusal(`${label} is not a readable PNG or JPEG image.`);
  const { width, height, depth, interlaced } = header;
  const bitsPerPixel = channels * depth;
  const allowed = interlaced
    ? ADAM7.reduce(
        (sum, [x, y, dx, dy]) =>
          sum + scanlineBytes(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy), bitsPerPixel),
        0,
      )
    : scanlineBytes(width, height, bitsPerPixel);
  try {
    inflateSync(Buffer.concat(idat), { maxOutputLength: Math.max(allowed, 1) });
  } catch {
    throw new ImageRefusal(
      `${label} is not a readable PNG or JPEG image: it holds more pixels than its ${width} × ${height}.`,
    );
  }
}

/**
 * A PNG flattened onto white as 8-bit RGB: pdfkit embeds such a PNG's compressed data as it is, where one with
 * transparency (or interlaced, or 16-bit) would be decoded, split and compressed again for every PDF. Paper is
 * white, so the print looks the same.
 */
function flattenedPng(bytes: Buffer, label: string): string {
  checkImageData(bytes, label);
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw new ImageRefusal(`${label} is not a readable PNG or JPEG image.`);
  }
  const rgb = PNG.sync.write(png, { colorType: 2, inputColorType: 6, inputHasAlpha: true, bgColor: WHITE });
  return `data:image/png;base64,${rgb.toString('base64')}`;
}

/**
 * The copy of a profile image the PDFs draw (PNGs flattened, JPEGs as they are), once it is known to decode
 * and print; an ImageRefusal otherwise. Heavy work: the server runs it in a worker thread (print-images.ts).
 */
export async function printableImage(dataUrl: string, label: string): Promise<string> {
  const kind = dataUrl.startsWith('data:image/png') ? 'png' : 'jpeg';
  const bytes = bytesOf(dataUrl);
  // The core checked the declared size already; checked again here so nothing below ever decodes an unchecked one.
  const size = declaredImageSize(kind, bytes);
  if (!size) throw new ImageRefusal(`${label} is not a readable PNG or JPEG image.`);
  const oversize = oversizeProblem(label, size);
  if (oversize) throw new ImageRefusal(oversize);
  const printable = kind === 'png' ? flattenedPng(bytes, label) : dataUrl;
  if (!(await probeImage(printable))) throw new ImageRefusal(`${label} is not a readable PNG or JPEG image.`);
  return printable;
}
