import { describe, expect, it } from 'vitest';
import { billTotals, gstinCheckChar, isIntraState, isValidGstin, placeOfSupply, stateCodeOf, stateName, taxSummary, toDecimal } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';

describe('GSTIN', () => {
  it('computes the mod-36 check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
  });

  it('rejects a wrong check character or shape', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('2XAAPFU0939F1ZV')).toBe(false);
  });

  it('rejects a GSTIN whose check character matches but whose first two digits name no state', () => {
    expect(gstinCheckChar('00AAPFU0939F1Z')).toBe('B');
    expect(isValidGstin('00AAPFU0939F1ZB')).toBe(false);
  });

  it('reads the state from the first two digits', () => {
    expect(stateCodeOf('27AAPFU0939F1ZV')).toBe('27');
    expect(stateName(stateCodeOf('27AAPFU0939F1ZV'))).toBe('Maharashtra');
    expect(stateName(stateCodeOf('29AAPFU0939F1ZV'))).toBe('Karnataka');
    expect(stateCodeOf('00AAPFU0939F1ZV')).toBeUndefined();
  });

  it('is intra-state for a buyer in the seller state, or without a GSTIN', () => {
    expect(isIntraState('27', '27AAPFU0939F1ZV')).toBe(true);
    expect(isIntraState('27', '29AAPFU0939F1ZV')).toBe(false);
    expect(isIntraState('27', 'garbage')).toBe(false);
    // An unregistered buyer (no GSTIN) is supplied within the seller's state.
    expect(isIntraState('27', '')).toBe(true);
    expect(isIntraState('27', undefined)).toBe(true);
    expect(placeOfSupply('27', ' ')).toBe('27');
    expect(placeOfSupply('27', '29AAPFU0939F1ZV')).toBe('29');
    expect(placeOfSupply('27', 'garbage')).toBeUndefined();
  });
});

describe('tax per HSN and rate', () => {
  const lines = [
    { hsn: '8413', rate: toDecimal(18), amount: toDecimal('4999.98') },
    { hsn: '8413', rate: toDecimal(18), amount: toDecimal('100.01') },
    { hsn: '2710', rate: toDecimal(5), amount: toDecimal('1000') },
  ];

  it('splits CGST and SGST at half the rate within the state', () => {
    const summary = taxSummary(lines, true);
    expect(summary.rows.map((r) => [r.hsn, r.rate.toFixed(), r.taxable.toFixed(2), r.central.toFixed(2), r.state.toFixed(2), r.integrated.toFixed(2)])).toEqual([
      ['8413', '18', '5099.99', '459.00', '459.00', '0.00'],
      ['2710', '5', '1000.00', '25.00', '25.00', '0.00'],
    ]);
    expect(summary.total.totalTax.toFixed(2)).toBe('968.00');
  });

  it('charges IGST at the full rate across states', () => {
    const summary = taxSummary(lines, false);
    expect(summary.rows.map((r) => [r.integrated.toFixed(2), r.central.toFixed(2)])).toEqual([
      ['918.00', '0.00'],
      ['50.00', '0.00'],
    ]);
  });
});

describe('bill totals', () => {
  const registry = loadRegistry();
  const taxGoods = registry.billTypes.find((b) => b.tax && b.lines === 'goods')!;
  const taxService = registry.billTypes.find((b) => b.tax && b.lines === 'service')!;
  const plainGoods = registry.byType('invoice')!;

  it('adds GST to a tax bill and rounds to the rupee', () => {
    const totals = billTotals(taxGoods, validPayload(taxGoods, 2));
    expect(totals.subTotal.toFixed(2)).toBe('9999.96');
    expect(totals.tax?.intraState).toBe(true);
    expect(totals.tax?.total.totalTax.toFixed(2)).toBe('1800.00');
    expect([totals.roundOff.toFixed(2), totals.grandTotal.toFixed(2)]).toEqual(['0.04', '11800.00']);
  });

  it('uses IGST for a buyer in another state', () => {
    const totals = billTotals(taxGoods, validPayload(taxGoods, 1, { gstno: '29AAPFU0939F1ZV' }));
    expect(totals.tax?.intraState).toBe(false);
    expect(totals.tax?.total.integrated.toFixed(2)).toBe('900.00');
  });

  it('sums the services of every product of a service bill', () => {
    expect(billTotals(taxService, validPayload(taxService, 3)).subTotal.toFixed(2)).toBe('3600.00');
  });

  it('charges no tax on a plain bill', () => {
    const totals = billTotals(plainGoods, validPayload(plainGoods, 1));
    expect(totals.tax).toBeUndefined();
    expect(totals.grandTotal.toFixed(2)).toBe('5000.00');
  });
});
