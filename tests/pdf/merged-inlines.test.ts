import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdfmake, renderBillPdf } from '../../src/pdf';
import { drawLinesWordRunsAtOnce, mergeInlines, type LaidOutInline } from '../../src/pdf/merged-inlines';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';

const registry = loadRegistry();
const regular = { name: 'Roboto-Regular' };
const bold = { name: 'Roboto-Medium' };
const word = (text: string, x: number, width: number, style: Partial<LaidOutInline> = {}): LaidOutInline => ({
  text, x, width, font: regular, fontSize: 8.5, color: 'black', ...style,
});

/** Each page at 100 dpi as decoded pixels (pdftoppm): what an operator sees printed. */
function pagePixels(pdf: Buffer): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'bill-pixels-'));
  try {
    writeFileSync(join(dir, 'bill.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '100', join(dir, 'bill.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(readFileSync(join(dir, name))).data);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text objects (BT ... ET) drawn, read from the page streams qpdf writes uncompressed. */
function textObjects(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'bill-streams-'));
  try {
    writeFileSync(join(dir, 'bill.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'bill.pdf'), join(dir, 'open.pdf')]);
    return (readFileSync(join(dir, 'open.pdf'), 'latin1').match(/^BT$/gm) ?? []).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('mergeInlines', () => {
  it('joins neighbouring words drawn alike into one run, its width their widths added', () => {
    const merged = mergeInlines([word('Invoice ', 0, 30), word('No. ', 30, 15), word('12', 45, 8)]);
    expect(merged).toEqual([word('Invoice No. 12', 0, 53)]);
  });

  it('keeps apart words of another font, size or colour, and a page number filled in at drawing time', () => {
    const inlines = [
      word('Total ', 0, 20),
      word('₹ ', 20, 5, { font: bold }),
      word('10 ', 25, 8, { font: bold, fontSize: 10 }),
      word('only ', 33, 12, { font: bold, fontSize: 10, color: '#444444' }),
      word('1', 45, 4, { font: bold, fontSize: 10, color: '#444444', _pageNodeRef: { id: 'page' } }),
    ];
    expect(mergeInlines(inlines)).toEqual(inlines);
  });

  it('keeps apart the words of a justified line, whose spacing lies between them', () => {
    const inlines = [word('Goods ', 0, 25), word('once ', 31, 20), word('sold ', 57, 18)];
    expect(mergeInlines(inlines)).toEqual(inlines);
  });
});

describe('drawing word runs at once', () => {
  // pdfmake loaded first: loading it turns drawing by runs on.
  beforeAll(() => preparePdfmake());
  afterAll(() => drawLinesWordRunsAtOnce(true));

  it.each(registry.billTypes.map((billType) => [billType.type, billType] as const))(
    'prints every page of a %s with the same pixels as drawing word by word, in fewer text objects',
    async (_type, billType) => {
      const bill = fixtureBill(billType.type);
      drawLinesWordRunsAtOnce(false);
      const wordByWord = await renderBillPdf(billType, bill);
      drawLinesWordRunsAtOnce(true);
      const byRuns = await renderBillPdf(billType, bill);
      const [expected, actual] = [pagePixels(wordByWord), pagePixels(byRuns)];
      expect(actual.length).toBe(expected.length);
      actual.forEach((page, index) => expect(page.equals(expected[index]), `page ${index + 1}`).toBe(true));
      expect(textObjects(byRuns)).toBeLessThan(textObjects(wordByWord) * 0.75);
    },
  );
});
