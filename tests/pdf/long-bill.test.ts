import { beforeAll, describe, expect, it } from 'vitest';
import { billTotals, formatIndian } from '../../src/engine/core';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { longGoodsBill } from '../fixtures/bills/long-bill';
import { escapeRegExp, goodsColumns, pageCount, pdfPages, qpdfCheck } from './pdf-tools';

const LINES = 1000;

describe('a 1,000-line bill', () => {
  const billType = loadRegistry().byType('taxinvoice')!;
  const bill = longGoodsBill(LINES);
  let pdf: Buffer;
  let pages: string[];

  beforeAll(async () => {
    pdf = await renderBillPdf(billType, bill);
    pages = pdfPages(pdf);
    // The first render of a 1,000-line bill is cold (fonts parsed, every word shaped): seconds on a loaded machine.
  }, 60_000);

  it('is a sound PDF over many pages', () => {
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors found/);
    expect(pageCount(pdf)).toBeGreaterThan(10);
    expect(pages).toHaveLength(pageCount(pdf));
  });

  it('numbers every page "Page x of y"', () => {
    pages.forEach((page, index) => expect(page).toMatch(new RegExp(`Page ${index + 1} of ${pages.length}\\s*$`)));
  });

  it('repeats the table header and names the document on every following page', () => {
    for (const page of pages.slice(1)) {
      expect(page).toMatch(new RegExp(goodsColumns(billType).map(escapeRegExp).join('\\s+')));
      expect(page).toMatch(/ALFA DIESEL SERVICES\s+·\s+TAX INVOICE\s+·\s+Invoice No\. 9001\s+\(continued\)/);
    }
  });

  it('prints every line once, in order', () => {
    const numbers = pages.flatMap((page) =>
      [...page.matchAll(/^\s*(\d+)\s+(?:Fuel|Injector|Delivery|Plunger|Governor)\b/gm)].map((match) =>
        Number(match[1]),
      ),
    );
    expect(numbers).toEqual(Array.from({ length: LINES }, (_, index) => index + 1));
  });

  it('ends with the totals, the HSN summary and the signatory on the last page', () => {
    const last = pages.at(-1)!;
    expect(last).toContain(`₹ ${formatIndian(billTotals(billType, bill).grandTotal)}`);
    expect(last).toContain('Total Tax Amount');
    expect(last).toContain('Authorised Signatory');
    expect(pages.slice(0, -1).join('')).not.toContain('Grand Total');
  });
});
