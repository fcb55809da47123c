import BigBase from 'big.js';

/** A private big.js constructor, so no other code can change our rounding mode. */
const Decimal = BigBase();
Decimal.RM = Decimal.roundHalfUp;
export type Money = BigBase.Big;

const DECIMAL_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A decimal from a JSON number or an input's text; null when empty or not a finite number. */
export function parseDecimal(value: unknown): Money | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return new Decimal(value.trim());
  return null;
}

export function toDecimal(value: unknown): Money {
  return parseDecimal(value) ?? new Decimal(0);
}

/** Rounded half-up to 2 places: the money rule of every amount and tax. */
export function round2(value: Money): Money {
  return value.round(2, Decimal.roundHalfUp);
}

/** qty x rate, exact, rounded half-up to 2 places, as fixed text ("4999.98"); "" when either is empty. */
export function lineAmount(qty: unknown, rate: unknown): string {
  const q = parseDecimal(qty);
  const r = parseDecimal(rate);
  return q && r ? round2(q.times(r)).toFixed(2) : '';
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

/** Canonical text of a decimal ("2.50" stays "2.5"; 1e3 becomes "1000"), or the input when not a number. */
export function canonicalDecimal(value: unknown): unknown {
  const parsed = parseDecimal(value);
  return parsed ? parsed.toFixed() : value;
}

export const ZERO: Money = new Decimal(0);
