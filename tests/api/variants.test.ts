import { expect, it } from 'vitest';
import { billTotals, formatIndian, type BillType } from '../../src/engine/core';
import { registryWithVariants } from '../fixtures/variants';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Body } from './harness';

/**
 * Issue 13's "done when": a delivery challan (no prices) and a Disc. % column on the tax goods line,
 * added from schema files only, work over the API, in the list, on edit and in the PDF.
 */
const HEADER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', date: '2026-11-21' };
const TAX_HEADER = { ...HEADER, gstno: '27AAPFU0939F1ZV', dispatchedthrough: 'By hand' };

describeEachDatabase('variants from schema files only', (database) => {
  const api = useApi(database, registryWithVariants());
  const type = (name: string): BillType => api.registry.byType(name)!;
  const create = (billType: BillType, body: Body, method = 'create') =>
    api.post(billType.createPath, { method, type: billType.type, ...body });
  const stored = async (billType: BillType, billno: number) =>
    jsonOf(await api.post(billType.getPath, { billtype: billType.type, billno })).bill;

  it('a delivery challan: goods and quantities, no prices, its own number label, declaration and footer', async () => {
    const challan = type('deliverychallan');
    expect(challan.priced).toBe(false);
    const lines = [
      { goods: 'Fuel injection pump', qty: '2', per: 'no' },
      { goods: 'Nozzle holder assembly', qty: '4', per: 'set' },
    ];
    const created = await create(challan, { ...HEADER, invoiceno: 1, product: lines });
    expect(created.statusCode).toBe(200);
    const text = squash(pdfText(created.rawPayload, 'flow'));
    expect(text).toContain('DELIVERY CHALLAN');
    expect(text).toContain('Challan No.');
    expect(text).toContain('Goods sent for delivery only, not for sale.');
    expect(text).toContain('This is a Computer Generated Delivery Challan');
    for (const priced of ['Rate', 'Amount', 'Sub Total', 'Grand Total', 'Amount Chargeable (in words)', 'INR', '₹']) {
      expect(text).not.toContain(priced);
    }
    expect(text).not.toContain('shows the actual price'); // the unit's declaration is replaced

    // Quantities are answered as JSON numbers.
    const asStored = (line: Body) => ({ ...line, qty: Number(line.qty) });
    expect(await stored(challan, 1)).toMatchObject({ billno: 1, product: [{ srno: 1, ...asStored(lines[0]) }, { srno: 2, ...asStored(lines[1]) }] });
    const list = jsonOf(await api.post('/api/common/getbill', { billtype: challan.type }));
    expect(JSON.stringify(list)).toContain('Shree Ganesh Transport');

    const updated = await create(challan, { ...HEADER, invoiceno: 1, product: [{ ...lines[0], qty: '3' }] }, 'update');
    expect(updated.statusCode).toBe(200);
    expect((await stored(challan, 1)).product).toEqual([{ srno: 1, ...lines[0], qty: 3 }]);

    const missing = await create(challan, { ...HEADER, invoiceno: 2, product: [{ goods: 'Feed pump', per: 'no' }] });
    expect(jsonOf(missing)).toEqual({ msg: 'Please provide Quantity of product at Sr. No. 1.' });
  });

  it('a Disc. % column on the tax goods line: amount = qty x rate x (1 - discount/100), GST on the discounted value', async () => {
    const taxInvoice = type('taxinvoice');
    expect(taxInvoice.rowsField.rows!.byName.discount.discount).toBe('percent');
    const line = { goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '3', rate: '333.33', per: 'no' };
    const product = [
      // 3 x 333.33 = 999.99, less 12.5% = 874.99125 -> 874.99 (the amount sent is recomputed)
      { ...line, discount: '12.5', amount: '999.99' },
      // A blank discount takes nothing off, and is stored as absent.
      { ...line, goods: 'Feed pump', discount: '', amount: '999.99' },
      { ...line, goods: 'Delivery valve', discount: null, qty: '1', rate: '100', amount: '100' },
    ];
    const created = await create(taxInvoice, { ...TAX_HEADER, invoiceno: 1, product });
    expect(created.statusCode, created.body).toBe(200);

    const bill = await stored(taxInvoice, 1);
    expect(bill.product.map((row: Body) => [row.discount, row.amount])).toEqual([
      [12.5, 874.99],
      [undefined, 999.99],
      [undefined, 100],
    ]);
    expect(Object.keys(bill.product[1])).not.toContain('discount');
    const totals = billTotals(taxInvoice, bill);
    expect(totals.subTotal.toFixed(2)).toBe('1974.98');
    expect(totals.tax!.total.totalTax.toFixed(2)).toBe('355.50'); // 18% of 1974.98 = 355.4964, CGST + SGST rounded each
    const text = squash(pdfText(created.rawPayload, 'flow'));
    expect(text).toContain('Disc. %');
    expect(text).toContain('874.99');
    expect(text).toContain(`₹ ${formatIndian(totals.grandTotal)}`);

    const edited = await create(taxInvoice, { ...TAX_HEADER, invoiceno: 1, product: [{ ...line, discount: '100', amount: '999.99' }] }, 'update');
    expect(edited.statusCode).toBe(200);
    expect((await stored(taxInvoice, 1)).product[0]).toMatchObject({ discount: 100, amount: 0 });

    const tooMuch = await create(taxInvoice, { ...TAX_HEADER, invoiceno: 2, product: [{ ...line, discount: '120', amount: '0' }] });
    expect(jsonOf(tooMuch)).toEqual({ msg: 'Please provide a discount between 0 and 100 at Sr. No. 1.' });
    const notANumber = await create(taxInvoice, { ...TAX_HEADER, invoiceno: 2, product: [{ ...line, discount: 'ten', amount: '0' }] });
    expect(jsonOf(notANumber)).toEqual({ msg: 'Please provide a discount between 0 and 100 at Sr. No. 1.' });
  });
});
