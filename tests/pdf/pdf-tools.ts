import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BillType } from '../../src/engine/core';

/** Runs a poppler / qpdf command on the PDF written to a temporary file. */
function withFile<T>(pdf: Buffer, run: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'bill-pdf-'));
  const path = join(dir, 'bill.pdf');
  try {
    writeFileSync(path, pdf);
    return run(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as pdftotext reads it: `layout` keeps each printed row on one line, `flow` follows text blocks. */
export function pdfText(pdf: Buffer, mode: 'layout' | 'flow' = 'layout'): string {
  const args = mode === 'layout' ? ['-layout', '-enc', 'UTF-8'] : ['-enc', 'UTF-8'];
  return withFile(pdf, (path) => execFileSync('pdftotext', [...args, path, '-'], { encoding: 'utf8' }));
}

/** pdftotext ends every page with a form feed. */
export function pdfPages(pdf: Buffer): string[] {
  return pdfText(pdf).split('\f').slice(0, -1);
}

/** The first page rasterised (pdftoppm at 150 dpi) and searched for a QR code (jsQR): its text, or null. */
export function qrOnFirstPage(pdf: Buffer): string | null {
  return withFile(pdf, (path) => {
    const png = `${path}.png`;
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', path, path]);
    const page = PNG.sync.read(readFileSync(png));
    return jsQR(new Uint8ClampedArray(page.data.buffer, page.data.byteOffset, page.data.length), page.width, page.height)?.data ?? null;
  });
}

/** `qpdf --check`: exits non-zero (and throws here) on a damaged file; returns its report. */
export function qpdfCheck(pdf: Buffer): string {
  return withFile(pdf, (path) => execFileSync('qpdf', ['--check', path], { encoding: 'utf8' }));
}

/** The images in the PDF as pdfimages lists them: width, height, colour and object number of each. */
export function imagesIn(pdf: Buffer): { width: number; height: number; type: string; object: string }[] {
  return withFile(pdf, (path) =>
    execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        return { width: Number(cells[3]), height: Number(cells[4]), type: cells[2], object: cells[10] };
      }),
  );
}

/** Each page's size in points as `pdfinfo` reads it: [width, height]. */
export function pageSizes(pdf: Buffer): [number, number][] {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', ['-f', '1', '-l', '999', path], { encoding: 'utf8' }));
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map(([, width, height]) => [Number(width), Number(height)]);
}

export function pageCount(pdf: Buffer): number {
  return Number(withFile(pdf, (path) => execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' })).trim());
}

/** Runs of whitespace (line breaks from wrapping included) as one space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Every printed word with its box in points (`pdftotext -bbox`), pages numbered from 1. */
export function wordBoxes(pdf: Buffer): WordBox[] {
  const html = withFile(pdf, (path) =>
    execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }),
  );
  return html
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [...page.matchAll(/<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="(-?[\d.]+)" yMax="(-?[\d.]+)">([^<]*)<\/word>/g)].map(
        ([, xMin, yMin, xMax, yMax, text]) => ({
          page: index + 1,
          text,
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
        }),
      ),
    );
}

/** How a document's text starts: the mark of copy 1 (x-bill.pdf.copyLabels) when its type has one, then its title. */
export function documentOpening(billType: { pdf: { title: string; copyLabels: string[] } }): string {
  return [...billType.pdf.copyLabels.slice(0, 1), billType.pdf.title].join(' ');
}

/** The spec's goods table columns (spec 6) as the tax goods PDF prints them. */
export const SPEC_TAX_GOODS_COLUMNS = ['Sr. No.', 'Description of Goods', 'HSN/SAC', 'GST Rate', 'Quantity', 'Rate', 'per', 'Amount'];

/**
 * The printed columns of a goods bill type, from its schema (pdf titles in x-order): the spec's columns,
 * plus any a maintainer added to the line part in its place; a discount column only on a bill with a discounted line.
 */
export function goodsColumns(billType: BillType, discounted = false): string[] {
  return billType.rowsField.rows!.fields.filter((field) => discounted || !field.discount).map((field) => field.pdfTitle);
}
