import { beforeAll, describe, expect, it } from 'vitest';
import { billTotals, documentWords, formatIndian, type BillType } from '../../src/engine/core';
import { amountInWords } from '../../src/engine/core/words';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { isSpecType } from '../fixtures/spec-types';
import { documentOpening, escapeRegExp, pageCount, pdfText, qpdfCheck, squash } from './pdf-tools';

type Row = Record<string, unknown>;
const registry = loadRegistry();
const ddmmyyyy = (iso: unknown) => String(iso).split('-').reverse().join('-');
const firstWord = (text: unknown) => String(text).split(' ')[0];

/** These texts in this order on one printed line (one line of pdftotext's layout output). */
function sameLine(...texts: string[]): RegExp {
  return new RegExp(texts.map(escapeRegExp).join('[^\\n]*?'));
}

/** A table row: starts with the first text and ends with the last, in this order on one line. */
function tableRow(...cells: string[]): RegExp {
  return new RegExp(`^\\s*${cells.map(escapeRegExp).join('\\s[^\\n]*?')}\\s*$`, 'm');
}

describe.each(registry.billTypes.map((billType): [string, BillType] => [billType.type, billType]))(
  '%s PDF',
  (type, billType) => {
    const bill = fixtureBill(type);
    const { letterhead, pdf: unitTexts } = billType.unitInfo;
    let pdf: Buffer;
    let layout: string;
    let flow: string;

    beforeAll(async () => {
      pdf = await renderBillPdf(billType, bill);
      layout = pdfText(pdf);
      flow = squash(pdfText(pdf, 'flow'));
    });

    it('is a sound one-page PDF', () => {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors found/);
      expect(pageCount(pdf)).toBe(1);
    });

    it('opens with the title from the schema and the seller letterhead', () => {
      expect(squash(layout.trim().split('\n').filter((line) => line.trim() !== '').slice(0, billType.pdf.copyLabels.length ? 2 : 1).join(' '))).toBe(documentOpening(billType));
      for (const text of [
        letterhead.companyName,
        letterhead.address,
        letterhead.gstin,
        letterhead.contact,
        letterhead.email,
      ]) {
        expect(flow).toContain(text);
      }
      expect(flow).toContain(`State Name: ${letterhead.stateName}, Code: ${letterhead.stateCode}`);
    });

    it('names the buyer, the bill number and the date as DD-MM-YYYY', () => {
      expect(flow).toContain(String(bill.clientname));
      expect(flow).toContain(squash(String(bill.clientaddress)));
      expect(layout).toMatch(sameLine(billType.pdf.numberLabel, 'Date'));
      expect(layout).toMatch(sameLine(String(bill.billno), ddmmyyyy(bill.date)));
    });

    it(billType.priced ? 'prints every line with its amount on the same row' : 'prints every line, without prices', () => {
      const products = bill.product as Row[];
      if (billType.lines === 'goods') {
        // The line's description: its saved-list field (goods), else its first required text (a voucher's description).
        const rowSpec = billType.rowsField.rows!;
        const named = (rowSpec.fields.find((field) => field.catalog) ?? rowSpec.fields.find((field) => field.required && !field.rowNumber && field.widget === 'text'))!.name;
        for (const row of products) {
          if (billType.priced) expect(layout).toMatch(tableRow(String(row.srno), firstWord(row[named]), formatIndian(String(row.amount))));
          else expect(layout).toMatch(sameLine(String(row.srno), firstWord(row[named])));
          expect(flow).toContain(String(row[named]));
        }
        return;
      }
      for (const product of products) {
        expect(layout).toMatch(tableRow(String(product.srno), String(product.productname)));
        for (const service of product.service as Row[]) {
          expect(layout).toMatch(tableRow(firstWord(service.servicename), formatIndian(String(service.amount))));
          expect(flow).toContain(String(service.servicename));
          expect(flow).toContain(String(service.servicedesc));
        }
      }
    });

    if (!billType.priced) {
      it('has no prices: no rate or amount column, no totals, no amount in words (x-bill.priced false)', () => {
        expect(flow).not.toMatch(/\bRate\b|\bAmount\b|Sub Total|Grand Total|₹|E\. & O\.E/);
      });
    }

    if (billType.priced) it('totals the bill: sub-total, round-off, grand total with the rupee sign, in words, E. & O.E', () => {
      // In the type's words (x-bill.pdf.words; the spec's types print today's).
      const words = documentWords(billType);
      const totals = billTotals(billType, bill);
      expect(layout).toMatch(sameLine(words.subTotal, formatIndian(totals.subTotal)));
      if (totals.rounded) expect(layout).toMatch(sameLine(words.roundOff, formatIndian(totals.roundOff)));
      expect(layout).toMatch(sameLine(words.grandTotal, `₹ ${formatIndian(totals.grandTotal)}`));
      expect(flow).toContain(words.amountInWords);
      expect(flow).toContain(amountInWords(totals.grandTotal));
      expect(flow).toContain(words.errorsExcepted);
    });

    it('closes with the declaration, the signatory and the computer-generated note, named for the document', () => {
      const named = (text: string) => text.replaceAll('{document}', billType.pdf.documentName);
      // The bill type's own declaration and footer (x-bill.pdf), else the unit's.
      expect(flow).toContain(squash(named(billType.pdf.declaration ?? unitTexts.declaration)));
      expect(flow).toContain(`for ${letterhead.companyName}`);
      expect(flow).toContain(unitTexts.signatory);
      expect(flow).toContain(named(billType.pdf.footer ?? unitTexts.footer));
      if (billType.convertsTo) expect(flow).not.toMatch(/Computer Generated Invoice|this invoice/i);
      expect(layout).toMatch(/Page 1 of 1\s*$/m);
    });

    if (billType.tax) {
      it('shows the buyer GSTIN with its state (or the place of supply), the reference grid and the HSN/SAC summary', () => {
        if (billType.roles.clientGstin) expect(flow).toContain(`GSTIN/UIN: ${String(bill.gstno)}`);
        else expect(flow).toMatch(/Place of Supply: [A-Za-z ]+ \(\d{2}\)/);
        for (const field of billType.header.filter((f) => f.block === 'dispatch')) {
          expect(flow).toContain(field.title);
          const value = String(bill[field.name] ?? '');
          if (value !== '') expect(flow).toContain(field.widget === 'date' ? ddmmyyyy(value) : value);
        }
        expect(flow).toContain('Taxable Value');
        expect(flow).toContain('Total Tax Amount');
        expect(flow).toContain(
          `Tax Amount (in words): ${amountInWords(billTotals(billType, bill).tax!.total.totalTax)}`,
        );
      });
    } else {
      it('says nothing about tax', () => {
        expect(flow).not.toMatch(/tax invoice/i);
        expect(flow).not.toMatch(/CGST|SGST|IGST|HSN|Taxable/);
      });
    }

    // The spec's quotations; a maintainer's converting type (a proforma invoice) is titled as its file says.
    if (billType.convertsTo !== undefined && isSpecType(billType)) {
      it('is titled as a quotation', () => {
        expect(billType.pdf.title).toMatch(/QUOTATION/);
        expect(flow).not.toMatch(/INVOICE/);
      });
    }
  },
);
