import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { documentOpening, pdfText, qpdfCheck, squash } from './pdf-tools';

const registry = loadRegistry();

function embeddedFonts(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'bill-fonts-'));
  try {
    writeFileSync(join(dir, 'bill.pdf'), pdf);
    return execFileSync('pdffonts', [join(dir, 'bill.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

afterEach(() => vi.restoreAllMocks());

describe('renderBillPdf', () => {
  it('prints no warnings while rendering', async () => {
    const spies = (['log', 'warn', 'error', 'info'] as const).map((method) => vi.spyOn(console, method));
    for (const billType of registry.billTypes) await renderBillPdf(billType, fixtureBill(billType.type));
    spies.forEach((spy) => expect(spy).not.toHaveBeenCalled());
  });

  it('embeds subsets of the Roboto fonts it ships with, in every document', async () => {
    const fonts = embeddedFonts(await renderBillPdf(registry.byType('taxinvoice')!, fixtureBill('taxinvoice')));
    const lines = fonts.split('\n').filter((line) => line.includes('Roboto'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/\+Roboto-\w+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('keeps documents apart when many render at once (the parsed fonts are shared)', async () => {
    const types = [...registry.billTypes, ...registry.billTypes];
    const pdfs = await Promise.all(types.map((billType) => renderBillPdf(billType, fixtureBill(billType.type))));
    pdfs.forEach((pdf, index) => {
      qpdfCheck(pdf);
      const bill = fixtureBill(types[index].type);
      const flow = squash(pdfText(pdf, 'flow'));
      expect(flow).toContain(String(bill.clientname));
      expect(flow.startsWith(documentOpening(types[index]))).toBe(true);
    });
    expect(pdfText(pdfs[0])).toBe(pdfText(pdfs[types.length / 2]));
  });

  it('prints each bill\'s own text when font subsets are reused: the same bill, one with new letters, the same again', async () => {
    const billType = registry.byType('taxinvoice')!;
    const plain = fixtureBill('taxinvoice');
    const unusual = { ...plain, clientname: 'Qazi Żółw Jxyzq Ünal & Søn' };
    const [first, between, again] = [
      await renderBillPdf(billType, plain),
      await renderBillPdf(billType, unusual),
      await renderBillPdf(billType, plain),
    ];
    for (const pdf of [first, between, again]) qpdfCheck(pdf);
    expect(squash(pdfText(between, 'flow'))).toContain(unusual.clientname);
    expect(squash(pdfText(again, 'flow'))).toContain(String(plain.clientname));
    expect(pdfText(again)).toBe(pdfText(first));
    expect(embeddedFonts(again)).toBe(embeddedFonts(first));
  });
});
