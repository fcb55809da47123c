import { createRequire } from 'node:module';
import { dirname } from 'node:path';

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface GlyphRun {
  glyphs: unknown[];
  positions: GlyphPosition[];
  readonly advanceWidth: number;
}
interface Subset {
  /** The font's glyph ids the document used, in the order it first used them (the subset's own ids). */
  glyphs: number[];
  encode(): Uint8Array;
}
interface Font {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  createSubset(): Subset;
}
interface Fontkit {
  create(bytes: Uint8Array): Font;
  registerFormat(format: unknown): void;
}

/** Shaped words kept per font; past this many the cache starts afresh (client names vary without end). */
const MAX_SHAPED_WORDS = 50_000;
/** Encoded font subsets kept per font (10 to 30 KB each); past this many the cache starts afresh. */
const MAX_SUBSETS = 200;

/**
 * PDFKit parses each font anew for every document (fontkit.create on the font's bytes) and shapes
 * every word again: more than half the time of a one-page bill. Our fonts never change, so they are
 * parsed once here and given to pdfmake as small stand-in buffers ("tokens"). fontkit does not know
 * a token's format, so it asks the formats registered through its public registerFormat last: ours
 * recognises a token (by identity) and answers with the font parsed once, which also remembers how
 * it shaped each word. Any other bytes, from any other caller, take fontkit's own path.
 */
export function sharedFontTokens(fontBytes: readonly Uint8Array[]): Uint8Array[] {
  const pdfmakeDir = dirname(createRequire(import.meta.url).resolve('pdfmake'));
  const pdfkitPath = createRequire(import.meta.url).resolve('pdfkit', { paths: [pdfmakeDir] });
  const fontkit = createRequire(pdfkitPath)('fontkit') as Fontkit;
  const parsed = new Map<Uint8Array, Font>();
  const tokens = fontBytes.map((bytes, index) => {
    const token = new TextEncoder().encode(`shared font #${index}`);
    parsed.set(token, withSubsetCache(withShapingCache(fontkit.create(bytes))));
    return token;
  });
  fontkit.registerFormat(
    class SharedFont {
      static probe(bytes: Uint8Array): boolean {
        return parsed.has(bytes);
      }
      // fontkit builds a font with `new format(stream)`; returning an object hands back that object.
      constructor(stream: { buffer: Uint8Array }) {
        return parsed.get(stream.buffer)!;
      }
    },
  );
  return tokens;
}

/**
 * A word shaped once is answered from the cache, as a fresh run: PDFKit scales a run's positions in
 * place, so each caller gets its own positions (the glyphs themselves are shared and never changed).
 */
function withShapingCache(font: Font): Font {
  const layout = font.layout.bind(font);
  let shaped = new Map<string, GlyphRun>();
  font.layout = (text, features, ...rest) => {
    if (features !== undefined && features !== null) return layout(text, features, ...rest);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= MAX_SHAPED_WORDS) shaped = new Map();
      run = layout(text);
      shaped.set(text, run);
    }
    return freshRun(run);
  };
  return font;
}

/**
 * Each PDF embeds the subset of the font its text used, and encoding that subset was a quarter of a bill's
 * render. A subset's bytes depend only on its glyphs in the order the document first used them; bills
 * printed from one layout mostly use the same ones in the same order (the letterhead and labels come first),
 * so the bytes are kept per glyph list and encoded again only for a new one. PDFKit only reads them.
 */
function withSubsetCache(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  let encoded = new Map<string, Uint8Array>();
  font.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = encoded.get(key);
      if (!bytes) {
        if (encoded.size >= MAX_SUBSETS) encoded = new Map();
        bytes = encode();
        encoded.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };
  return font;
}

function freshRun(run: GlyphRun): GlyphRun {
  const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
    xAdvance,
    yAdvance,
    xOffset,
    yOffset,
  }));
  return {
    glyphs: run.glyphs.slice(),
    positions,
    get advanceWidth() {
      return positions.reduce((width, position) => width + position.xAdvance, 0);
    },
  };
}
