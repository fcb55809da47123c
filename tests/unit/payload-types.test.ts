import { describe, expect, it } from 'vitest';
import { validateBill } from '../../src/engine/core';
import type { BillPayloads, TaxInvoiceBill, TaxServiceBill } from '../../src/generated/bill-types';
import { loadRegistry } from '../../src/server/schema-files';

/**
 * The generated payload types are the spec 7 contract as TypeScript: these bodies are written against them,
 * so a schema change that renames a spec field or turns a number into text fails the type check here, and
 * the validators must accept what the types describe.
 */
const registry = loadRegistry();

const taxInvoice: TaxInvoiceBill = {
  clientname: 'Konkan Fisheries',
  clientaddress: 'Ratnagiri, Maharashtra',
  gstno: '27AAPFU0939F1ZV',
  invoiceno: 7,
  date: '2026-11-23',
  product: [{ srno: 1, goods: 'Nozzle', hsn: '8413', taxrate: 18, qty: 2, rate: 10.5, per: 'no', amount: 21 }],
};

const taxService: TaxServiceBill = {
  clientname: 'Konkan Fisheries',
  clientaddress: 'Ratnagiri, Maharashtra',
  gstno: '27AAPFU0939F1ZV',
  invoiceno: 8,
  date: '2026-11-23',
  product: [
    {
      srno: 1,
      productname: 'Tata 1109',
      service: [{ servicename: 'Pump overhaul', servicedesc: '', hsn: '998714', taxrate: 18, rate: 1500, amount: 1500 }],
    },
  ],
};

const payloads: Partial<{ [T in keyof BillPayloads]: BillPayloads[T] }> = { taxinvoice: taxInvoice, taxservice: taxService };

describe('generated payload types (src/generated/bill-types.ts)', () => {
  it.each(Object.entries(payloads))('a %s body typed by them passes its bill type checks', (type, payload) => {
    const billType = registry.byType(type)!;
    expect(validateBill(registry, billType, payload)).toEqual({ ok: true });
  });
});
