import { isValidGstin, parseDecimal, type Money } from '../../engine/core';
import { optionalDay, optionalText, type Body } from '../http/body';
import { badRequest } from '../http/errors';
import { MICRO } from '../storage/stock-ledger';

/**
 * The stock calls' bodies read and checked before anything is stored (issue 48): quantities positive with at most 6
 * places (kept in millionths), money at most 2 places, dates YYYY-MM-DD, serial numbers a list of texts.
 */

const MAX_LINES = 500;
const MAX_SERIALS = 1000;
const MAX_SERIAL_LENGTH = 60;

export function requiredText(body: Body, field: string, label: string, maxLength = 200): string {
  const value = optionalText(body, field, maxLength)?.trim();
  if (!value) throw badRequest(`Please provide ${label}.`);
  return value;
}

export function requiredDay(body: Body, field: string, label: string): string {
  const day = optionalDay(body, field);
  if (!day) throw badRequest(`Please provide ${label} (a date written YYYY-MM-DD).`);
  return day;
}

/** A decimal of at most `places` places, at least `min` (0: not negative; a quantity: more than 0). */
export function decimalOf(value: unknown, label: string, places: number, positive: boolean): Money {
  const number = typeof value === 'number' || typeof value === 'string' ? parseDecimal(value) : null;
  if (!number || number.lt(0) || (positive && number.eq(0)) || !number.round(places).eq(number)) {
    throw badRequest(`${label} must be a number ${positive ? 'more than 0' : 'of 0 or more'} with at most ${places} decimal places.`);
  }
  return number;
}

export const toMicro = (qty: Money): number => Number(qty.times(MICRO).round(0).toFixed(0));

/** A list of serial numbers (trimmed, none empty), or none. */
export function serialsFrom(value: unknown, label: string): string[] {
  if (value === undefined || value === null) return [];
  const serials = Array.isArray(value) && value.length <= MAX_SERIALS ? value.map((serial) => (typeof serial === 'string' ? serial.trim() : '')) : undefined;
  if (!serials || serials.some((serial) => serial === '' || serial.length > MAX_SERIAL_LENGTH)) {
    throw badRequest(`${label} must be a list of serial numbers (texts of at most ${MAX_SERIAL_LENGTH} characters).`);
  }
  return serials;
}

/** One line of a purchase as sent. */
export interface PurchaseLineInput {
  product: string;
  qtyMicro: number;
  qty: Money;
  rate: Money;
  taxrate: Money;
  tax?: Money;
  serials: string[];
}

export interface PurchaseInput {
  id?: number;
  supplier: string;
  suppliergstin: string;
  supplierbillno: string;
  supplierbilldate: string;
  lines: PurchaseLineInput[];
}

function purchaseLine(value: unknown, n: number): PurchaseLineInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`Line ${n} of the purchase must be an object.`);
  const line = value as Body;
  const qty = decimalOf(line.qty, `Quantity of line ${n}`, 6, true);
  return {
    product: requiredText(line, 'product', `the product of line ${n}`, 500),
    qty,
    qtyMicro: toMicro(qty),
    rate: decimalOf(line.rate, `Rate of line ${n}`, 2, false),
    taxrate: decimalOf(line.taxrate ?? 0, `GST rate of line ${n}`, 2, false),
    tax: line.tax === undefined || line.tax === null || line.tax === '' ? undefined : decimalOf(line.tax, `Tax of line ${n}`, 2, false),
    serials: serialsFrom(line.serials, `Serial numbers of line ${n}`),
  };
}

export function purchaseInput(body: Body): PurchaseInput {
  const id = body.id === undefined || body.id === null ? undefined : Number(body.id);
  if (id !== undefined && (!Number.isSafeInteger(id) || id < 1)) throw badRequest('id must be the id of a saved purchase.');
  const gstin = (optionalText(body, 'suppliergstin', 15) ?? '').trim().toUpperCase();
  if (gstin && !isValidGstin(gstin)) throw badRequest(`Supplier's GSTIN ${gstin} is not valid.`);
  const lines = body.lines;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_LINES) throw badRequest(`Please provide the purchase's lines (1 to ${MAX_LINES}).`);
  return {
    id,
    supplier: requiredText(body, 'supplier', 'the supplier'),
    suppliergstin: gstin,
    supplierbillno: requiredText(body, 'supplierbillno', "the supplier's bill number", 50),
    supplierbilldate: requiredDay(body, 'supplierbilldate', "the supplier's bill date"),
    lines: lines.map((line, index) => purchaseLine(line, index + 1)),
  };
}

/** The Rule 56(2) reasons a stock adjustment takes; `found` (counted more than the books say) adds, the others take out. */
export const ADJUSTMENT_REASONS = ['lost', 'stolen', 'destroyed', 'writtenoff', 'gift', 'found'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export interface AdjustmentInput {
  product: string;
  date: string;
  reason: AdjustmentReason;
  qtyMicro: number;
  serials: string[];
  note: string;
}

export function adjustmentInput(body: Body): AdjustmentInput {
  const reason = body.reason;
  if (!ADJUSTMENT_REASONS.includes(reason as AdjustmentReason)) throw badRequest(`reason must be one of: ${ADJUSTMENT_REASONS.join(', ')}.`);
  return {
    product: requiredText(body, 'product', 'the product', 500),
    date: requiredDay(body, 'date', 'the date'),
    reason: reason as AdjustmentReason,
    qtyMicro: toMicro(decimalOf(body.qty, 'Quantity', 6, true)),
    serials: serialsFrom(body.serials, 'serials'),
    note: (optionalText(body, 'note', 500) ?? '').trim(),
  };
}

/** A stocked product's fields on the product master (saveproduct / savetaxproduct), or undefined when not sent. */
export interface ProductStockInput {
  stocked: boolean;
  serialised: boolean;
  reorderMicro: number;
  openingMicro: number;
  openingDate: string;
  openingSerials: string[];
}

export function productStockInput(body: Body, today: string): ProductStockInput | undefined {
  if (body.stocked === undefined || body.stocked === null) return undefined;
  if (typeof body.stocked !== 'boolean') throw badRequest('stocked must be true or false.');
  if (body.serialised !== undefined && body.serialised !== null && typeof body.serialised !== 'boolean') throw badRequest('serialised must be true or false.');
  const zero = (value: unknown) => (value === undefined || value === null || value === '' ? 0 : value);
  const opening = decimalOf(zero(body.openingqty), 'Opening quantity', 6, false);
  const serialised = body.serialised === true;
  const openingSerials = serialsFrom(body.openingserials, 'openingserials');
  if (serialised && !opening.eq(openingSerials.length)) {
    throw badRequest(`A serialised product names one serial number for each piece of its opening quantity (${opening.toFixed()}), not ${openingSerials.length}.`);
  }
  if (!serialised && openingSerials.length > 0) throw badRequest('openingserials are for a serialised product only.');
  return {
    stocked: body.stocked,
    serialised,
    reorderMicro: toMicro(decimalOf(zero(body.reorderlevel), 'Reorder level', 6, false)),
    openingMicro: toMicro(opening),
    openingDate: optionalDay(body, 'openingdate') ?? today,
    openingSerials,
  };
}
