import { describe, expect, it } from 'vitest';
import { conversionTarget, normalizeBill, recomputeRow, renumberRows, type Row } from '../../src/engine/core';
import { recomputedRows } from '../../src/engine/core/row-ops';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';
import { specTypes } from '../fixtures/spec-types';

const registry = loadRegistry();
const taxGoods = registry.billTypes.find((b) => b.tax && b.lines === 'goods')!;
const service = registry.billTypes.find((b) => !b.tax && b.lines === 'service')!;

describe('normalizeBill', () => {
  it('keeps only schema fields, trims text, renumbers, recomputes amounts exactly and stores numbers as numbers', () => {
    const payload = validPayload(taxGoods, 2, { clientname: '  Müller & Sons  ', invoiceno: ' 12 ', method: 'create', hacker: 1 });
    const rows = payload.product as Record<string, unknown>[];
    rows[0] = { ...rows[0], srno: 9, qty: 0.1, rate: '3', amount: '999', _id: 'abc' };
    const stored = normalizeBill(taxGoods, payload);

    expect(stored.clientname).toBe('Müller & Sons');
    expect(stored.invoiceno).toBe(12);
    expect(stored).not.toHaveProperty('method');
    expect(stored).not.toHaveProperty('hacker');
    expect(stored.product).toEqual([
      { srno: 1, goods: 'Fuel injection pump 1', hsn: '8413', taxrate: 18, qty: 0.1, rate: 3, per: 'per', amount: 0.3 },
      { srno: 2, goods: 'Fuel injection pump 2', hsn: '8413', taxrate: 18, qty: 2.5, rate: 1999.99, per: 'per', amount: 4999.98 },
    ]);
  });

  it('keeps service amounts as entered, to 2 places of value', () => {
    const payload = validPayload(service, 1);
    (payload.product as any)[0].service[0].amount = '1500.5';
    const stored = normalizeBill(service, payload) as any;
    expect(stored.product[0].service[0]).toEqual({
      servicename: 'Nozzle calibration',
      servicedesc: 'Four nozzles, tested on the bench',
      rate: 1200,
      amount: 1500.5,
    });
  });
});

describe('rows', () => {
  it('renumbers Sr. No. after a change', () => {
    const spec = taxGoods.rowsField.rows!;
    expect(renumberRows(spec, [{ srno: 3 }, { srno: 1 }, {}]).map((r) => r.srno)).toEqual([1, 2, 3]);
  });

  it('recomputes amount = qty x rate on a row', () => {
    expect(recomputeRow(taxGoods.rowsField.rows!, { qty: '2.5', rate: '1999.99', amount: '' }).amount).toBe('4999.98');
    expect(recomputeRow(taxGoods.rowsField.rows!, { qty: '', rate: '10' }).amount).toBe('');
  });

  it('finds the bill type a quotation converts to', () => {
    const pairs = specTypes(registry).map((b) => [b.type, conversionTarget(registry.billTypes, b)?.type]);
    expect(Object.fromEntries(pairs)).toEqual({
      invoice: undefined,
      quotation: 'invoice',
      service: undefined,
      servicequotation: 'service',
      taxinvoice: undefined,
      taxquotation: 'taxinvoice',
      taxservice: undefined,
      taxservicequotation: 'taxservice',
    });
  });
});

describe('recomputedRows (issue 30: a restored draft)', () => {
  it('computes every line amount as if each input had been left, and keeps typed HSN and rates', () => {
    const bill = {
      clientname: 'A',
      product: [
        { srno: 1, goods: 'Nozzle', hsn: '8413', taxrate: '18', qty: '2', rate: '350', per: 'per', amount: '' },
        { srno: 2, goods: 'Seal', hsn: '4016', taxrate: '18', qty: '0.5', rate: '125.5', per: 'per', amount: '1' },
        { srno: 3, goods: '', hsn: '', taxrate: '', qty: '', rate: '', per: '', amount: '' },
      ],
    };
    const restored = recomputedRows(taxGoods.root, bill);
    // 2 x 350 = 700.00; 0.5 x 125.5 = 62.75 (the stale 1 replaced); a blank line stays blank.
    expect((restored.product as Row[]).map((row) => row.amount)).toEqual(['700.00', '62.75', '']);
    expect((restored.product as Row[])[1]).toMatchObject({ hsn: '4016', rate: '125.5' });
    expect(restored.clientname).toBe('A');
    expect(bill.product[0].amount).toBe('');
  });

  it('fills a service amount left empty from its rate, in nested rows, and keeps one the operator typed', () => {
    const bill = {
      product: [
        {
          srno: 1,
          productname: 'Pump',
          service: [
            { srno: 1, servicename: 'Calibration', rate: '1200', amount: '' },
            { srno: 2, servicename: 'Testing', rate: '500', amount: '450' },
          ],
        },
      ],
    };
    const restored = recomputedRows(service.root, bill) as { product: Array<{ service: Row[] }> };
    expect(restored.product[0].service.map((row) => row.amount)).toEqual(['1200', '450']);
  });
});
