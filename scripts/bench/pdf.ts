/**
 * `npm run bench:pdf` is the PDF engineer's benchmark (scripts/bench-pdf.ts: a one-page tax invoice and a
 * 1,000-line bill, each beside raw PDFKit drawing the same text in the same run). It exports nothing and
 * prints its table, so this part runs it as it is and reads that table, rather than measuring PDFs twice.
 */
import { ROOT, runScript } from '../../tests/api/processes';
import type { Figure } from './support/report';
import { runIfMain } from './support/report';

const PDF_BENCH = 'scripts/bench-pdf.ts';
/** `name  strings  ours  floor (ratio)  shared floor (ratio)  target  met`, as bench-pdf.ts prints a case. */
const CASE_LINE =
  /^(?<name>\S.*?)\s+\d+\s+(?<ours>[\d.]+)\s+(?<floor>[\d.]+) \([\d.]+x\)\s+(?<shared>[\d.]+) \([\d.]+x\)\s+(?<target>\S.*?)\s+(?<met>yes|NO)$/;

export async function benchPdf(): Promise<Figure[]> {
  const { code, stdout, stderr } = await runScript(PDF_BENCH, [], {});
  const cases = stdout
    .split('\n')
    .map((line) => CASE_LINE.exec(line.trim())?.groups)
    .filter((groups) => groups !== undefined);
  if (code !== 0 || cases.length === 0) {
    throw new Error(`${PDF_BENCH} (in ${ROOT}) exited with ${code} or printed no cases:\n${stdout}\n${stderr}`);
  }
  return cases.flatMap((found): Figure[] => [
    {
      part: 'PDF',
      name: `${found.name}, ms per document`,
      value: Number(found.ours),
      unit: 'ms',
      baseline: { name: 'raw PDFKit, same text', value: Number(found.floor) },
      target: { text: found.target, met: found.met === 'yes' },
    },
    {
      part: 'PDF',
      name: `${found.name}, ms per document`,
      value: Number(found.ours),
      unit: 'ms',
      baseline: { name: 'raw PDFKit, fonts parsed once', value: Number(found.shared) },
    },
  ]);
}

await runIfMain(import.meta.url, benchPdf);
