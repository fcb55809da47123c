/**
 * `npm run bench:pdf`: milliseconds per PDF for a one-page tax invoice and a 1,000-line bill, each
 * beside raw PDFKit drawing the same text with the same fonts in the same run (the floor of this
 * stack: no layout, no tables, no lines). Two floors: PDFKit as it comes (it parses the fonts for
 * every document), and PDFKit given the fonts our renderer parses once (like for like).
 * Median wall-clock time of several interleaved runs after a warm-up.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { billDocument, renderBillPdf } from '../src/pdf';
import type { Content, DocumentDefinition } from '../src/pdf/doc-types';
import { sharedFontTokens } from '../src/pdf/shared-fonts';
import { loadRegistry } from '../src/server/schema-files';
import { fixtureBill, longGoodsBill } from '../tests/fixtures/bills/long-bill';

type Bill = Record<string, unknown>;
interface Case {
  name: string;
  type: string;
  bill: Bill;
  runs: number;
  target: string;
  meets: (ms: number, floorMs: number) => boolean;
}

const CASES: Case[] = [
  {
    name: 'one-page tax invoice',
    type: 'taxinvoice',
    bill: fixtureBill('taxinvoice'),
    runs: 41,
    target: '<= 1.5x floor',
    meets: (ms, floorMs) => ms <= 1.5 * floorMs,
  },
  {
    name: '1,000-line tax invoice',
    type: 'taxinvoice',
    bill: longGoodsBill(1000),
    runs: 11,
    target: '<= 400 ms',
    meets: (ms) => ms <= 400,
  },
];

/** The little of PDFKit's API the floor uses (PDFKit ships no types). */
interface PdfKitDocument {
  registerFont(name: string, bytes: Uint8Array): void;
  font(name: string): PdfKitDocument;
  fontSize(size: number): PdfKitDocument;
  text(text: string, x: number, y: number, options: { lineBreak: boolean }): PdfKitDocument;
  addPage(): void;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
}
type PdfKit = new (options: { size: string; margin: number }) => PdfKitDocument;

const require = createRequire(import.meta.url);
const PDFDocument = require('pdfkit') as PdfKit;
const { Roboto } = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
const FONT_BYTES = [readFileSync(Roboto.normal), readFileSync(Roboto.bold)];
const FONTS_PER_DOCUMENT = { regular: FONT_BYTES[0], bold: FONT_BYTES[1] };
const [sharedRegular, sharedBold] = sharedFontTokens(FONT_BYTES);
const FONTS_PARSED_ONCE = { regular: sharedRegular, bold: sharedBold };

/** Every string a piece of content prints, in document order. */
function printedText(node: Content | undefined, out: string[] = []): string[] {
  if (node === undefined || node === '') return out;
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((child) => printedText(child, out));
  else {
    if (typeof node.text === 'string') out.push(node.text);
    else printedText(node.text, out);
    printedText(node.stack, out);
    printedText(node.columns, out);
    node.table?.body.forEach((row) => printedText(row, out));
  }
  return out;
}

/**
 * The floor: PDFKit writing the same strings with the same embedded fonts (the title bold, the rest
 * regular), one string per line on A4 pages, each page with the same running header and footer.
 */
function pdfkitFloor(
  definition: DocumentDefinition,
  fonts: { regular: Uint8Array; bold: Uint8Array },
): Promise<Buffer> {
  const [title, ...texts] = printedText(definition.content);
  const doc = new PDFDocument({ size: 'A4', margin: 30 });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const lineHeight = 11;
  const linesPerPage = Math.floor((842 - 80) / lineHeight);
  const pages = Math.ceil((texts.length + 1) / linesPerPage);
  const pageMargins = (page: number) => {
    const running = [...printedText(definition.header?.(page, pages)), ...printedText(definition.footer(page, pages))];
    running.forEach((text, index) => doc.text(text, 30, index === 0 && page > 1 ? 16 : 812, { lineBreak: false }));
  };
  doc.font('bold').fontSize(13).text(title, 30, 30, { lineBreak: false });
  doc.font('regular').fontSize(8.5);
  texts.forEach((text, index) => {
    const line = (index + 1) % linesPerPage;
    if (line === 0) {
      pageMargins(Math.ceil((index + 1) / linesPerPage));
      doc.addPage();
    }
    doc.text(text, 30, 30 + line * lineHeight, { lineBreak: false });
  });
  pageMargins(pages);
  doc.end();
  return done;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(benchCase: Case) {
  const billType = loadRegistry().byType(benchCase.type);
  if (!billType) throw new Error(`no bill type ${benchCase.type}`);
  const definition = billDocument(billType, benchCase.bill);
  const runs = {
    ours: () => renderBillPdf(billType, benchCase.bill),
    floor: () => pdfkitFloor(definition, FONTS_PER_DOCUMENT),
    sharedFloor: () => pdfkitFloor(definition, FONTS_PARSED_ONCE),
  };
  const times = { ours: [] as number[], floor: [] as number[], sharedFloor: [] as number[] };
  for (let warmUp = 0; warmUp < 3; warmUp++) for (const run of Object.values(runs)) await run();
  // Interleaved, so all three see the same machine state.
  for (let round = 0; round < benchCase.runs; round++) {
    for (const name of ['ours', 'floor', 'sharedFloor'] as const) times[name].push(await timed(runs[name]));
  }
  return {
    ms: median(times.ours),
    floorMs: median(times.floor),
    sharedFloorMs: median(times.sharedFloor),
    strings: printedText(definition.content).length,
  };
}

console.log(
  `PDF benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(
  'case                     strings   ours ms   PDFKit floor ms (ratio)   floor, fonts parsed once (ratio)   target          met',
);
for (const benchCase of CASES) {
  const { ms, floorMs, sharedFloorMs, strings } = await measure(benchCase);
  const versus = (floor: number) => `${floor.toFixed(1)} (${(ms / floor).toFixed(2)}x)`;
  console.log(
    [
      benchCase.name.padEnd(23),
      String(strings).padStart(8),
      ms.toFixed(1).padStart(9),
      versus(floorMs).padStart(23),
      versus(sharedFloorMs).padStart(34),
      `  ${benchCase.target.padEnd(14)}`,
      benchCase.meets(ms, floorMs) ? 'yes' : 'NO',
    ].join(' '),
  );
}
