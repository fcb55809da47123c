import { PNG } from 'pngjs';
import { PROFILE_IMAGE_LABELS, type BusinessProfile, type ImageKey } from '../../engine/core';
import { probeImage } from '../../pdf';
import { badRequest } from '../http/errors';

const MAX_SIDE = 4000;
const WHITE = { red: 255, green: 255, blue: 255 };

/** The seller's images as the PDFs draw them (see printImages). */
export type PrintImages = Record<ImageKey, string>;

function bytesOf(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** A PNG's size from its header, read before decoding so a small file cannot claim a huge canvas. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * A PNG flattened onto white as 8-bit RGB: pdfkit embeds such a PNG's compressed data as it is, where one with
 * transparency (or interlaced, or 16-bit) would be decoded, split and compressed again for every PDF. Paper is
 * white, so the print looks the same.
 */
function flattenedPng(bytes: Buffer, label: string): string {
  const size = pngSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw badRequest(`${label} is not a readable PNG or JPEG image.`);
  if (size.width > MAX_SIDE || size.height > MAX_SIDE) {
    throw badRequest(`${label} must be at most ${MAX_SIDE} × ${MAX_SIDE} pixels.`);
  }
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw badRequest(`${label} is not a readable PNG or JPEG image.`);
  }
  const rgb = PNG.sync.write(png, { colorType: 2, inputColorType: 6, inputHasAlpha: true, bgColor: WHITE });
  return `data:image/png;base64,${rgb.toString('base64')}`;
}

/**
 * Checks that each saved image decodes and prints (a 400 naming the field otherwise, so a broken image can
 * never make every later PDF fail), and answers the copies the PDFs draw: PNGs flattened, JPEGs as they are.
 * The profile keeps the images as uploaded, for the screen and for saving again.
 */
export async function printImages(profile: BusinessProfile): Promise<PrintImages> {
  const images = { logo: '', signature: '' };
  for (const key of Object.keys(PROFILE_IMAGE_LABELS) as ImageKey[]) {
    const value = profile[key];
    if (value === '') continue;
    const label = PROFILE_IMAGE_LABELS[key];
    images[key] = value.startsWith('data:image/png') ? flattenedPng(bytesOf(value), label) : value;
    if (!(await probeImage(images[key]))) throw badRequest(`${label} is not a readable PNG or JPEG image.`);
  }
  return images;
}
