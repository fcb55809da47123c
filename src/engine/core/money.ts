import BigBase from 'big.js';

/** A private big.js constructor, so no other code can change our rounding mode. */
const Decimal = BigBase();
Decimal.RM = Decimal.roundHalfUp;
export type Money = BigBase.Big;

/**
 * The number grammar of the whole product: what a number input may hold (spec 5: digits, e, +, - and the
 * decimal point) and what the API accepts as a number written as text. Everything that reads a number
 * parses it here (`parseDecimal`), and the schemas declare numbers as JSON numbers, to which text in this
 * grammar is converted before any check (`coerceNumbers`): so "+5" is 5 everywhere, and "150" meets the
 * same limits as 150.
 */
export const NUMBER_TEXT = /^\s*([+-]?)(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A decimal from a JSON number or text in the number grammar; null when empty or not a finite number. */
export function parseDecimal(value: unknown): Money | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value !== 'string') return null;
  const match = NUMBER_TEXT.exec(value);
  if (!match) return null;
  // big.js reads a leading minus but no plus; its exponent range is wide enough for any text that fits.
  return new Decimal(`${match[1] === '-' ? '-' : ''}${value.trim().replace(/^[+-]/, '')}`);
}

/**
 * The JSON number of a decimal, when the number says exactly the same (at most 15 significant digits
 * survive binary floating point): money and quantities are answered as numbers without drift.
 */
export function exactNumber(value: Money): number | null {
  const number = Number(value.toFixed());
  return Number.isFinite(number) && new Decimal(number).eq(value) ? number : null;
}

export function toDecimal(value: unknown): Money {
  return parseDecimal(value) ?? new Decimal(0);
}

/** Rounded half-up to 2 places: the money rule of every amount and tax. */
export function round2(value: Money): Money {
  return value.round(2, Decimal.roundHalfUp);
}

/**
 * A line's discount before tax (Section 15(3)(a): the taxable value is net of it): a share of qty x rate in per
 * cent, or an amount in rupees.
 */
export type LineDiscount = { percent: Money } | { amount: Money };

/** "10%" (or "10 %") is a percent, "150" rupees; both at most 2 places. */
const DISCOUNT_TEXT = /^\s*(\d+(?:\.\d{1,2})?|\.\d{1,2})\s*(%?)\s*$/;

/**
 * The discount an operator wrote: on a percent field (x-discount "percent") any number is a percent; on a
 * percent-or-amount field "10%" is a percent and "150" an amount. null when blank or not written so.
 */
export function readDiscount(value: unknown, percentOnly: boolean): LineDiscount | null {
  if (percentOnly) {
    const percent = parseDecimal(value);
    return percent && !percent.eq(0) ? { percent } : null;
  }
  const match = DISCOUNT_TEXT.exec(typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');
  if (!match) return null;
  const figure = new Decimal(match[1]);
  if (figure.eq(0)) return null;
  return match[2] ? { percent: figure } : { amount: figure };
}

/** Whether text is a discount as a percent-or-amount field takes it ("10%", "150"), blank aside. */
export function isDiscountText(value: unknown): boolean {
  return typeof value === 'string' && DISCOUNT_TEXT.test(value);
}

/** A line's value before tax: qty x rate (gross), the discount taken off it, and the taxable value left (net). */
export interface LineValue {
  gross: Money;
  discount: Money;
  net: Money;
}

/**
 * The one home of a line's arithmetic: qty x rate rounded half-up to 2 places, less a percent of it (the net
 * rounded once, from the exact product) or an amount; null when qty or rate is empty. The net may be negative
 * (a discount larger than the line), for the check that refuses it (discountExceeds).
 */
export function lineValue(qty: unknown, rate: unknown, discount?: LineDiscount | null): LineValue | null {
  const q = parseDecimal(qty);
  const r = parseDecimal(rate);
  if (!q || !r) return null;
  const exact = q.times(r);
  const gross = round2(exact);
  let net = gross;
  if (discount && 'percent' in discount) net = round2(exact.times(new Decimal(100).minus(discount.percent)).div(100));
  else if (discount) net = gross.minus(discount.amount);
  return { gross, discount: gross.minus(net), net };
}

/** qty x rate less an optional percent, as fixed text ("4999.98"); "" when qty or rate is empty. */
export function lineAmount(qty: unknown, rate: unknown, discountPercent?: unknown): string {
  return lineValue(qty, rate, readDiscount(discountPercent, true))?.net.toFixed(2) ?? '';
}

export function sum(values: Money[]): Money {
  return values.reduce((total, value) => total.plus(value), new Decimal(0));
}

/** `percent` % of `amount`, rounded to 2 places. */
export function percentOf(amount: Money, percent: Money): Money {
  return round2(amount.times(percent).div(100));
}

/** Rounds a total to the rupee: the round-off line and the grand total of an invoice. */
export function roundToRupee(total: Money): { roundOff: Money; grandTotal: Money } {
  const grandTotal = total.round(0, Decimal.roundHalfUp);
  return { roundOff: grandTotal.minus(total), grandTotal };
}

/** Indian digit grouping: 12345678.5 -> "1,23,45,678.50". */
export function formatIndian(value: Money | string | number, decimals = 2): string {
  const fixed = (typeof value === 'object' ? value : toDecimal(value)).toFixed(decimals);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}


export const ZERO: Money = new Decimal(0);
