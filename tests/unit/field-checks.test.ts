import { describe, expect, it } from 'vitest';
import { DEFAULT_GST_RATES, gstinCheckChar, validateBill, type BillType } from '../../src/engine/core';
import { rowAfterBlur } from '../../src/engine/core/row-ops';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';

const registry = loadRegistry();
type Payload = Record<string, any>;
const taxInvoice = registry.byType('taxinvoice')!;
const taxService = registry.byType('taxservice')!;
const invoice = registry.byType('invoice')!;
const service = registry.byType('service')!;

function messageOf(billType: BillType, payload: unknown) {
  const result = validateBill(registry, billType, payload);
  return result.ok ? 'ok' : result.msg;
}

/** A payload whose row 2 (or row 2's first service) has `values`. */
function withRow2(billType: BillType, values: Payload): Payload {
  const payload: Payload = validPayload(billType, 2);
  const row = billType.lines === 'service' ? payload.product[1].service[0] : payload.product[1];
  Object.assign(row, values);
  return payload;
}

describe('checks after the spec (issue 15)', () => {
  it('refuses a GSTIN with a wrong check character, an unknown state code or a broken PAN pattern', () => {
    const valid = `29AAGCB7383J1Z${gstinCheckChar('29AAGCB7383J1Z')}`;
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: valid }))).toBe('ok');
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: valid.toLowerCase() }))).toBe('ok');
    const wrong = valid.slice(0, 14) + (valid[14] === '5' ? '6' : '5');
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: wrong }))).toBe(`Client GSTIN ${wrong} is not valid: please check it.`);
    const noState = `00AAGCB7383J1Z${gstinCheckChar('00AAGCB7383J1Z')}`;
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: noState }))).toBe(`Client GSTIN ${noState} is not valid: please check it.`);
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: '29AAGCB7383J1X5' }))).toBe('Client GSTIN 29AAGCB7383J1X5 is not valid: please check it.');
    // The spec's own check comes first: a GSTIN that is not 15 characters keeps its message.
    expect(messageOf(taxInvoice, validPayload(taxInvoice, 1, { gstno: '29AAGCB7383J1Z' }))).toBe('Please provide your client 15 digit GST no.');
  });

  it.each([
    [taxInvoice, 'HSN 84133 at Sr. No. 2 is not valid: HSN/SAC codes have 4, 6 or 8 digits.'],
    [taxService, 'HSN 84133 at Sr. No. 2 is not valid: HSN/SAC codes have 4, 6 or 8 digits.'],
  ])('%s: HSN/SAC has 4, 6 or 8 digits', (billType, message) => {
    for (const hsn of ['8413', '998714', '84099990']) expect(messageOf(billType, withRow2(billType, { hsn }))).toBe('ok');
    expect(messageOf(billType, withRow2(billType, { hsn: '84133' }))).toBe(message);
    expect(messageOf(billType, withRow2(billType, { hsn: '84AB' }))).toBe('HSN 84AB at Sr. No. 2 is not valid: HSN/SAC codes have 4, 6 or 8 digits.');
  });

  it('GST rate: one of the rates the unit declares (the default list)', () => {
    for (const taxrate of DEFAULT_GST_RATES) expect(messageOf(taxInvoice, withRow2(taxInvoice, { taxrate }))).toBe('ok');
    expect(messageOf(taxInvoice, withRow2(taxInvoice, { taxrate: 17 }))).toBe(
      'HSN rate 17 at Sr. No. 2 is not a GST rate: use one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40.',
    );
    expect(messageOf(taxInvoice, withRow2(taxInvoice, { taxrate: '2.5' }))).toMatch(/^HSN rate 2.5 at Sr. No. 2 is not a GST rate/);
  });

  it.each([
    [invoice, { qty: 0 }, 'Quantity at Sr. No. 2 must be more than 0.'],
    [invoice, { qty: '-2' }, 'Quantity at Sr. No. 2 must be more than 0.'],
    [invoice, { rate: 0, amount: 0 }, 'Rate at Sr. No. 2 must be more than 0.'],
    [taxInvoice, { qty: -1 }, 'Quantity at Sr. No. 2 must be more than 0.'],
    [service, { rate: 0 }, 'Service rate at Sr. No. 2 must be more than 0.'],
    [service, { amount: '-5' }, 'Service amount at Sr. No. 2 must be more than 0.'],
  ] as const)('%s: %o says it must be more than 0', (billType, values, message) => {
    expect(messageOf(billType, withRow2(billType, values))).toBe(message);
  });

  it('keeps the spec messages for empty values', () => {
    expect(messageOf(invoice, withRow2(invoice, { qty: '' }))).toBe('Please provide Quantity of product at Sr. No. 2.');
  });
});

describe('service amount from rate (issue 15)', () => {
  const spec = service.rowsField.rows!.byName.service.rows!;
  const catalogs = registry.catalogs;
  const none = () => undefined;

  it('fills an empty Amount with the Rate as Rate is left, and keeps an Amount the operator typed', () => {
    expect(rowAfterBlur(spec, { servicename: 'Calibration', rate: '1200', amount: '' }, 'rate', catalogs, none).amount).toBe('1200');
    expect(rowAfterBlur(spec, { servicename: 'Calibration', rate: '1200', amount: '1000' }, 'rate', catalogs, none).amount).toBe('1000');
    expect(rowAfterBlur(spec, { servicename: 'Calibration', rate: '', amount: '' }, 'rate', catalogs, none).amount).toBe('');
    // An amount that differs from its rate is a valid service line.
    const payload: Payload = validPayload(service, 1);
    payload.product[0].service[0].amount = 999;
    expect(messageOf(service, payload)).toBe('ok');
  });
});
