import { describe, expect, it } from 'vitest';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { pdfText, wordBoxes } from './pdf-tools';

const registry = loadRegistry();
const PAGE = { width: 595.28, height: 841.89, side: 30 };
const PART_NUMBER = `PN${'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.repeat(3)}`;

/** A bill whose every free-text field is long, with unbreakable runs where a table could overflow. */
function longTextBill(type: string) {
  const bill = fixtureBill(type);
  const products = bill.product as Record<string, unknown>[];
  const longWords = { goods: PART_NUMBER, productname: PART_NUMBER, servicedesc: PART_NUMBER };
  return {
    ...bill,
    clientname: 'A Very Long Client Company Name Private Limited (Formerly Another Long Name Engineering Works)',
    clientaddress: `Unit 1203-1207, 12th Floor, Tower B, Some Very Long Business Park Name, Goregaon (East), ${PART_NUMBER}, Mumbai 400063`,
    ...(bill.termsofdelivery !== undefined ? { termsofdelivery: PART_NUMBER, buyerorderno: PART_NUMBER } : {}),
    product: products.map((row) => ({
      ...row,
      ...Object.fromEntries(Object.entries(longWords).filter(([name]) => name in row)),
      ...(Array.isArray(row.service)
        ? { service: (row.service as Record<string, unknown>[]).map((service) => ({ ...service, ...longWords })) }
        : {}),
    })),
  };
}

describe('long text stays on the page', () => {
  it.each(registry.billTypes.map((billType) => billType.type))('%s: every word inside the margins', async (type) => {
    const pdf = await renderBillPdf(registry.byType(type)!, longTextBill(type));
    const words = wordBoxes(pdf);
    expect(words.length).toBeGreaterThan(50);
    const outside = words.filter(
      (word) =>
        word.xMin < PAGE.side - 1 || word.xMax > PAGE.width - PAGE.side + 1 || word.yMin < 0 || word.yMax > PAGE.height,
    );
    expect(outside).toEqual([]);
    // A word too long for its column is broken across lines inside it, never dropped.
    expect(pdfText(pdf, 'flow').replace(/\s+/g, '')).toContain(PART_NUMBER);
  });
});
