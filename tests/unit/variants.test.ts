import { describe, expect, it } from 'vitest';
import { billTotals, createRegistry, lineAmount, normalizeBill, validateBill } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { readSchemaFiles } from '../../src/server/schema-files';
import { specTypes } from '../fixtures/spec-types';
import { registryWithVariants, variantFiles } from '../fixtures/variants';

const registry = registryWithVariants();

describe('keywords for variants (x-bill.priced, numberLabel, pdf texts, convert; x-discount)', () => {
  it('a discount comes off qty x rate exactly, rounded once', () => {
    expect(lineAmount('3', '333.33', '12.5')).toBe('874.99');
    expect(lineAmount('0.001', '0.01', '50')).toBe('0.00');
    expect(lineAmount('7', '1428.57', '')).toBe('9999.99');
    expect(lineAmount('1', '100', '100')).toBe('0.00');
    expect(lineAmount('2', '999999999999', '0.001')).toBe('1999979999998.00');
  });

  it('the discounted amount is what totals and GST see', () => {
    const taxInvoice = registry.byType('taxinvoice')!;
    const line = { goods: 'Pump', hsn: '8413', taxrate: '18', qty: '10', rate: '100', per: 'no', amount: '1000' };
    const bill = normalizeBill(taxInvoice, { product: [{ ...line, discount: '10' }, line] });
    const totals = billTotals(taxInvoice, bill);
    expect(totals.subTotal.toFixed(2)).toBe('1900.00');
    expect(totals.tax!.total.totalTax.toFixed(2)).toBe('342.00');
  });

  it('an optional number left blank is no value; its own messages answer a bad one', () => {
    const taxInvoice = registry.byType('taxinvoice')!;
    const header = { clientname: 'A', clientaddress: 'B', gstno: '27AAPFU0939F1ZV', invoiceno: 1, date: '2026-11-21' };
    const line = { goods: 'Pump', hsn: '8413', taxrate: '18', qty: '1', rate: '1', per: 'no', amount: '1' };
    for (const blank of ['', '  ', null]) {
      expect(validateBill(registry, taxInvoice, { ...header, product: [{ ...line, discount: blank }] })).toEqual({ ok: true });
    }
    expect(validateBill(registry, taxInvoice, { ...header, product: [line, { ...line, discount: '101' }] })).toEqual({
      ok: false,
      msg: 'Please provide a discount between 0 and 100 at Sr. No. 2.',
    });
  });

  it('an unpriced document has no totals and no GST, and reads its labels and texts from its file', () => {
    const challan = registry.byType('deliverychallan')!;
    expect(challan.priced).toBe(false);
    expect(challan.roles.billNumber.title).toBe('Challan No.');
    expect(challan.pdf.numberLabel).toBe('Challan No.');
    expect(challan.pdf.declaration).toMatch(/^Goods sent for delivery only/);
    expect(challan.rowsField.rows!.fields.map((f) => f.name)).toEqual(['srno', 'goods', 'qty', 'per']);
  });

  it('the convert texts: the spec words on the spec quotations, the documents named otherwise', () => {
    const spec = specTypes(registry).filter((b) => b.convertsTo);
    for (const quotation of spec) {
      expect(quotation.convert).toEqual({
        button: 'Convert To Bill And Create PDF',
        title: 'Convert to BILL',
        text: 'Are you sure? You want to convert your Quotation to Bill?',
      });
    }
    const files = readSchemaFiles();
    const proforma = structuredClone(files['bills/taxquotation.json']) as Record<string, any>;
    proforma.title = 'ProformaInvoice';
    delete proforma['x-bill'].convert;
    Object.assign(proforma['x-bill'], { type: 'proforma', route: 'proformabill', menuOrder: 9 });
    Object.assign(proforma['x-bill'].pdf, { title: 'PROFORMA INVOICE', documentName: 'Proforma Invoice' });
    const withProforma = createRegistry({ ...files, 'bills/proforma.json': proforma }, ajvCompiler());
    expect(withProforma.byType('proforma')!.convert).toEqual({
      button: 'Convert To Invoice And Create PDF',
      title: 'Convert to TAX INVOICE',
      text: 'Are you sure? You want to convert your Proforma Invoice to Invoice?',
    });
  });
});

describe('the variant files', () => {
  /** A row part without its discount column: what the shipped part must equal, so the variant keeps up with it. */
  const withoutDiscount = (part: any) => {
    const copy = structuredClone(part);
    delete copy.$comment;
    delete copy.properties.discount;
    copy['x-order'] = copy['x-order'].filter((name: string) => name !== 'discount');
    return copy;
  };

  it('the discounted tax goods line is the shipped one plus the Disc. % column', () => {
    const variant = variantFiles()['parts/tax-goods-line.json'];
    expect(withoutDiscount(variant)).toEqual(withoutDiscount(readSchemaFiles()['parts/tax-goods-line.json']));
  });
});
