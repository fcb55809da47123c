import { round2, toDecimal, type Money, ZERO } from './money';

/**
 * GST on an advance received (CGST Act s.13(2); Notification 66/2017-Central Tax waives it on advances for goods):
 * only lines whose code is a service's SAC (chapter 99) carry tax; a service line's rate left empty is taken at the
 * usual rate of services, so the voucher never pays too little. A place of supply left empty is inter-state (the
 * caller's billPlaceOfSupply names no state, so IGST). Declared once here; the bill file opts in with x-bill.advanceTax.
 */
export const ADVANCE_TAX = { taxedCodePrefix: '99', defaultRate: '18' } as const;

/** The rate an advance line is taxed at: its own (or the default) for a service, nothing for goods. */
export function advanceRate(code: unknown, rate: unknown): Money {
  if (!String(code ?? '').trim().startsWith(ADVANCE_TAX.taxedCodePrefix)) return ZERO;
  const given = String(rate ?? '').trim();
  return toDecimal(given === '' ? ADVANCE_TAX.defaultRate : given);
}

/** The value before tax of an amount that includes tax at `rate`: gross x 100 / (100 + rate), to the paisa. */
export function valueBeforeTax(gross: Money, rate: Money): Money {
  return round2(gross.times(100).div(rate.plus(100)));
}
