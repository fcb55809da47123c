import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry, readSchemaFiles } from '../../src/server/schema-files';
import { pdfText, squash } from './pdf-tools';

type Json = any;

const RECEIPT_WORDS = {
  buyer: 'Received from',
  amountInWords: 'Amount Received (in words)',
  subTotal: 'Amount',
  grandTotal: 'Total Received',
  errorsExcepted: 'Subject to realisation',
  declaration: 'Note',
  signedFor: 'Received for {company}',
};

/** A receipt of money written as a bill file: its own words, and its total not rounded to the rupee. */
function receiptRegistry() {
  const files = readSchemaFiles();
  const receipt: Json = structuredClone(files['bills/invoice.json']);
  Object.assign(receipt['x-bill'], { type: 'moneyreceipt', route: 'moneyreceipt', menuLabel: 'Money Receipt', menuOrder: 9, kind: 'receipt', roundToRupee: false });
  receipt['x-bill'].pdf = { title: 'RECEIPT', documentName: 'Receipt', words: RECEIPT_WORDS };
  receipt.title = 'MoneyReceiptBill';
  return createRegistry({ ...files, 'bills/moneyreceipt.json': receipt }, ajvCompiler());
}

/** One line of 1 no x 7,500.50: a grand total of 7,500.50, which an invoice rounds to 7,501.00 (Round Off 0.50). */
const BILL = {
  invoiceno: 4, date: '2026-11-20', clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja',
  product: [{ srno: 1, goods: 'Advance for pump overhaul', qty: 1, rate: 7500.5, per: 'no', amount: 7500.5 }],
};

describe('every word of a document from its schema', () => {
  it("prints a receipt's own words and its exact total, ₹7,500.50", async () => {
    const text = squash(pdfText(await renderBillPdf(receiptRegistry().byType('moneyreceipt')!, BILL), 'flow'));
    for (const words of ['Received from', 'Amount Received (in words)', 'Subject to realisation', 'Received for ALFA DIESEL', 'Total Received']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('₹ 7,500.50');
    expect(text).toContain('Seven Thousand Five Hundred Rupees and Fifty Paise');
    for (const words of ['Buyer', 'Amount Chargeable', 'E. & O.E', 'Round Off', 'Grand Total', '7,501.00']) expect(text).not.toContain(words);
  });

  it("keeps today's words and the rupee rounding on a type that sets none", async () => {
    const text = squash(pdfText(await renderBillPdf(loadRegistry().byType('invoice')!, BILL), 'flow'));
    for (const words of ['Buyer', 'Amount Chargeable (in words)', 'E. & O.E', 'Sub Total', 'Round Off', 'Grand Total', '₹ 7,501.00', 'Declaration', 'for ALFA DIESEL']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Seven Thousand Five Hundred One Rupees');
  });
});
