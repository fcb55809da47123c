import { createRequire } from 'node:module';

/** The part of a laid-out pdfmake inline (one word, with its trailing space) that drawing reads. */
export interface LaidOutInline {
  text: string;
  x: number;
  width: number;
  [style: string]: unknown;
}

interface Line {
  inlines: LaidOutInline[];
}

type RenderLine = (this: unknown, line: Line, x: number, y: number) => void;
interface RendererClass {
  prototype: { renderLine: RenderLine };
}

/**
 * What drawing an inline reads besides its text and place. Two neighbours that agree on all of them print
 * the same as one inline holding both texts. A page reference (its text is replaced at drawing time) is
 * never merged.
 */
const DRAWN_AS = [
  'font', 'fontSize', 'fontFeatures', 'color', 'opacity', 'characterSpacing', 'sup', 'sub',
  'link', 'linkToPage', 'linkToDestination', 'background', 'decoration', 'decorationStyle', 'decorationColor',
  '_pageNodeRef',
] as const;

/** Within this distance (points) an inline starts where the one before it ends: a justified line's do not. */
const TOUCHING = 1e-6;

function drawnAlike(left: LaidOutInline, right: LaidOutInline): boolean {
  return !right._pageNodeRef && DRAWN_AS.every((key) => left[key] === right[key]);
}

/**
 * One inline for each run of neighbouring inlines that are drawn alike and touch (pdfmake lays a line out word
 * by word). The run's text is its words' texts joined, its width their widths added. A justified line keeps
 * its words apart, since its spacing lies between them.
 */
export function mergeInlines(inlines: LaidOutInline[]): LaidOutInline[] {
  const merged: LaidOutInline[] = [];
  for (const inline of inlines) {
    const last = merged[merged.length - 1];
    if (last && drawnAlike(last, inline) && Math.abs(last.x + last.width - inline.x) < TOUCHING) {
      merged[merged.length - 1] = { ...last, text: last.text + inline.text, width: last.width + inline.width };
    } else {
      merged.push(inline);
    }
  }
  return merged;
}

const require = createRequire(import.meta.url);
let original: RenderLine | undefined;

/**
 * pdfmake draws every word of a line as a text object of its own (its renderer says so: "lines without
 * differently styled inlines should be written to pdf as one stream"); a one-page bill has some 280 of
 * them, each with its own colour, opacity, font and position operators. Drawing each run of alike words
 * once halves the page's content stream and takes a sixth off a bill's render, with the same pixels
 * (tests/pdf/merged-inlines.test.ts). pdfmake is pinned to an exact version, whose renderer this wraps.
 */
export function drawLinesWordRunsAtOnce(enabled = true): void {
  const Renderer = (require('pdfmake/js/Renderer.js') as { default: RendererClass }).default;
  original ??= Renderer.prototype.renderLine;
  const draw = original;
  Renderer.prototype.renderLine = enabled
    ? function renderLine(line, x, y) {
        if (line.inlines.length > 1) line.inlines = mergeInlines(line.inlines);
        draw.call(this, line, x, y);
      }
    : draw;
}
