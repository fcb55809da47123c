import { beforeAll, describe, expect, it } from 'vitest';
import { sellerProfile, type Row } from '../../src/engine/core';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { gstProfile } from '../fixtures/profile';
import { pageSizes, pdfText, qpdfCheck, squash, wordBoxes } from './pdf-tools';

const registry = loadRegistry();

/** A4 and A5 in points, and an 80 mm roll's width (80 / 25.4 x 72). */
const A4: [number, number] = [595.28, 841.89];
const A5: [number, number] = [419.53, 595.28];
const ROLL_WIDTH = 226.77;

/**
 * The tax invoice fixture to a Maharashtra buyer (the seller's state: CGST + SGST) with line 2 discounted, worked out
 * by hand: 10 x 449.50 = 4,495.00 less 10% = 4,045.50. At 18%: 25,000.00 + 4,045.50 + 6,355.00 = 35,400.50, CGST and
 * SGST 9% each 3,186.05 (3,186.045 rounded half up); at 28%: 7,501.00, CGST and SGST 14% each 1,050.14. Sub total
 * 42,901.50, grand total 42,901.50 + 6,372.10 + 2,100.28 = 51,373.88 -> 51,374.00.
 */
function discountedTaxInvoice(): Row {
  const bill = fixtureBill('taxinvoice') as Row & { product: Row[] };
  bill.product[1] = { ...bill.product[1], discount: '10%', amount: 4045.5 };
  return bill;
}

/** Every Rule 46 particular of the tax invoice: supplier, number and date, buyer, each line, taxable value, tax per head, signature. */
const TAX_INVOICE_PARTICULARS = [
  'ALFA DIESEL SERVICES', 'Shop No. 2, Sai Industrial Estate, Andheri (East), Mumbai 400069', '27AAPFU0939F1ZV',
  'ORIGINAL FOR RECIPIENT', 'TAX INVOICE', '1024', '03-04-2024',
  'Sahyadri Transport Co.', '27AAPFM1234K1Z2', 'Place of Supply: Maharashtra (27)',
  '84212300', 'Fuel Filter Element', '10', '449.50', 'Nos', '10%', '4,045.50',
  '84133030', '12,500.00', 'Set', '25,000.00',
  'Sub Total 42,901.50', 'CGST @ 9% 3,186.05', 'SGST @ 9% 3,186.05', 'CGST @ 14% 1,050.14', 'SGST @ 14% 1,050.14',
  'Central Tax', 'State Tax', '₹ 51,374.00',
  'for ALFA DIESEL SERVICES', 'Authorised Signatory',
];

/**
 * The B2C fixture (built from the schema: 2 x 750, 3 x 1,000, 4 x 1,250 of HSN 8413 at 18%) to a buyer without a GSTIN
 * in Jammu and Kashmir: 9,500.00 taxable, IGST 18% 1,710.00, grand total 11,210.00.
 */
const B2C_PARTICULARS = [
  'ALFA DIESEL SERVICES', '27AAPFU0939F1ZV', 'B/501', '10-06-2024',
  'Shree Ganesh Transport', 'Place of Supply: Jammu and Kashmir (01)',
  '8413', 'Fuel injection pump', '750.00', 'Nos', '1,500.00',
  'Sub Total 9,500.00', 'IGST @ 18% 1,710.00', 'Integrated Tax', '₹ 11,210.00',
  'for ALFA DIESEL SERVICES', 'Authorised Signatory',
];

const print = (type: string, bill: Row, pdfPage: string) =>
  renderBillPdf(registry.byType(type)!, bill, { profile: sellerProfile(gstProfile({ pdfPage }), `gst:layout-${pdfPage}`) });

describe.each([
  { pdfPage: '', name: 'A4', size: (): [number, number] => A4 },
  { pdfPage: 'a5', name: 'A5', size: (): [number, number] => A5 },
  { pdfPage: 'roll80', name: '80 mm roll', size: (): [number, number] | undefined => undefined },
])('the $name layout chosen in the business profile (issue 50 item 12)', ({ pdfPage, size }) => {
  const pdfs: Record<string, Buffer> = {};

  beforeAll(async () => {
    pdfs.taxinvoice = await print('taxinvoice', discountedTaxInvoice(), pdfPage);
    pdfs.b2cinvoice = await print('b2cinvoice', fixtureBill('b2cinvoice'), pdfPage);
  });

  it.each(['taxinvoice', 'b2cinvoice'])('%s: on its page size, every word inside the page', (type) => {
    const pdf = pdfs[type];
    qpdfCheck(pdf);
    const sizes = pageSizes(pdf);
    const expected = size();
    if (expected) sizes.forEach((pageSize) => expect(pageSize).toEqual(expected));
    else {
      // One page as long as the bill: 80 mm wide, cut after the last line.
      expect(sizes).toHaveLength(1);
      expect(sizes[0][0]).toBe(ROLL_WIDTH);
      const lastWord = Math.max(...wordBoxes(pdf).map((word) => word.yMax));
      expect(sizes[0][1] - lastWord).toBeLessThan(40);
    }
    for (const word of wordBoxes(pdf)) {
      const [width] = sizes[word.page - 1];
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(0);
      expect(word.xMax, word.text).toBeLessThanOrEqual(width);
    }
  });

  it('the tax invoice prints every Rule 46 particular, the discount and the net taxable value', () => {
    const text = squash(pdfText(pdfs.taxinvoice, 'flow'));
    for (const particular of TAX_INVOICE_PARTICULARS) expect(text, particular).toContain(particular);
  });

  it('the B2C bill prints every Rule 46 particular', () => {
    const text = squash(pdfText(pdfs.b2cinvoice, 'flow'));
    for (const particular of B2C_PARTICULARS) expect(text, particular).toContain(particular);
  });
});

describe('an 80 mm roll is as long as each bill', () => {
  it('measures each bill afresh: a short bill printed after a long one is a short roll', async () => {
    const long = pageSizes(await print('taxinvoice', discountedTaxInvoice(), 'roll80'))[0][1];
    const short = pageSizes(await print('b2cinvoice', fixtureBill('b2cinvoice'), 'roll80'))[0][1];
    expect(long - short).toBeGreaterThan(100);
  });
});
