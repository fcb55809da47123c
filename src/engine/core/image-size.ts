/**
 * The pixel size an image declares in its header, read without decoding a pixel: a few dozen bytes can claim
 * a canvas of billions of pixels, and decoding that (or a PDF viewer drawing it) is what froze the server.
 * The same reader runs on the profile screen and on the server.
 */
export interface DeclaredSize {
  width: number;
  height: number;
}

/** Profile images (logo, signature) may have at most this many pixels: 2000 × 2000 prints sharp at 300 dpi. */
export const PROFILE_IMAGE_MAX_PIXELS = 4_000_000;
/** And at most this many on a side, so a thin strip cannot be absurdly long either. */
export const PROFILE_IMAGE_MAX_SIDE = 4000;

/** An image's bytes, read one at a time: a Uint8Array, or a base64 text read only where a header is looked for. */
export interface ImageBytes {
  readonly length: number;
  at(index: number): number | undefined;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The bytes of base64 text, decoded only where they are read: a header is a few dozen bytes, and decoding
 * the whole of a 300 KB image (atob is slow in Node 20) held the request thread for a good part of a second.
 */
export function base64Reader(base64: string): ImageBytes {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const length = Math.floor((base64.length * 3) / 4) - padding;
  return {
    length,
    at(index) {
      if (index < 0 || index >= length) return undefined;
      const group = Math.floor(index / 3) * 4;
      const bits = [0, 1, 2, 3].reduce((value, i) => value * 64 + Math.max(BASE64.indexOf(base64[group + i]), 0), 0);
      return (bits >> (8 * (2 - (index % 3)))) & 0xff;
    },
  };
}

const byte = (bytes: ImageBytes, at: number) => bytes.at(at) ?? 0;
const uint16 = (bytes: ImageBytes, at: number) => (byte(bytes, at) << 8) | byte(bytes, at + 1);
const uint32 = (bytes: ImageBytes, at: number) => uint16(bytes, at) * 0x10000 + uint16(bytes, at + 2);

/** PNG: the IHDR chunk comes first, right after the 8-byte signature (width, height at 16 and 20). */
function pngSize(bytes: ImageBytes): DeclaredSize | undefined {
  const ihdr = [12, 13, 14, 15].map((at) => String.fromCharCode(byte(bytes, at))).join('');
  if (bytes.length < 24 || ihdr !== 'IHDR') return undefined;
  return { width: uint32(bytes, 16), height: uint32(bytes, 20) };
}

/** Start-of-frame markers (SOF0..SOF15) hold the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range. */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: walks the marker segments by their lengths to the frame header (height, width after the precision
 * byte). A frame with no scan after it holds no picture at all, so the size counts only when a scan follows.
 */
function jpegSize(bytes: ImageBytes): DeclaredSize | undefined {
  let size: DeclaredSize | undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (byte(bytes, at) !== 0xff) return undefined;
    const marker = byte(bytes, at + 1);
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xda) return size;
    if (marker === 0xd9) return undefined;
    const length = uint16(bytes, at + 2);
    if (length < 2) return undefined;
    if (isFrameMarker(marker)) {
      if (size || at + 9 > bytes.length) return undefined;
      size = { width: uint16(bytes, at + 7), height: uint16(bytes, at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The size a PNG or JPEG declares, or undefined when its header cannot be read as one. */
export function declaredImageSize(kind: 'png' | 'jpeg', bytes: ImageBytes): DeclaredSize | undefined {
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** Why an image of this declared size may not be a profile image, or undefined when it may. */
export function oversizeProblem(label: string, { width, height }: DeclaredSize): string | undefined {
  if (width * height <= PROFILE_IMAGE_MAX_PIXELS && width <= PROFILE_IMAGE_MAX_SIDE && height <= PROFILE_IMAGE_MAX_SIDE)
    return undefined;
  return `${label} is ${width} × ${height} pixels: at most 4 million pixels (2000 × 2000, say) and ${PROFILE_IMAGE_MAX_SIDE} on a side.`;
}
