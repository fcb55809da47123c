import { formatIndian, parseDecimal, readDiscount, unitOfMeasure, type FieldSpec, type Money } from '../engine/core';

const ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/** A stored value as printable text: nothing for empty values, text as the operator typed it. */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value).trim();
}

/** "2024-04-03" -> "03-04-2024"; any other text is printed as it was stored. */
export function formatDate(value: unknown): string {
  const text = plainText(value);
  const match = ISO_DATE.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

/** Money with Indian digit grouping and 2 places: 123456 -> "1,23,456.00". */
export function formatMoney(value: Money | string): string {
  return formatIndian(value, 2);
}

/** A GST rate as a percentage: "18" -> "18%", "2.5" -> "2.5%". */
export function formatPercent(value: unknown): string {
  const rate = parseDecimal(typeof value === 'object' && value !== null ? String(value) : value);
  return rate ? `${rate.toFixed()}%` : plainText(value);
}

/**
 * A quantity or rate: grouped the Indian way, whole numbers without decimals ("1,500") unless the field asks
 * for places (x-decimals: a Rate "1,500.00"), fractions to at least 2 places ("449.50") and never fewer
 * places than the operator typed ("20.125").
 */
export function formatNumber(value: unknown, minPlaces = 0): string {
  const number = parseDecimal(value);
  if (!number) return plainText(value);
  const places = number.toFixed().split('.')[1]?.length ?? 0;
  return formatIndian(number, places === 0 ? minPlaces : Math.max(places, 2, minPlaces));
}

function isNumeric(field: FieldSpec): boolean {
  return [field.schema.type].flat().some((type) => type === 'number' || type === 'integer');
}

/** How a line field prints: its value as text, and where it sits in its column. */
export interface CellFormat {
  text: (value: unknown) => string;
  alignment: 'left' | 'right' | 'center';
}

const moneyText = (value: unknown) => (plainText(value) === '' ? '' : formatMoney(plainText(value)));

/** A percent-or-amount discount as it is meant: "10%" or rupees to 2 places ("150" -> "150.00"). */
function discountText(value: unknown): string {
  const discount = readDiscount(value, false);
  if (!discount) return plainText(value);
  return 'percent' in discount ? `${discount.percent.toFixed()}%` : formatMoney(discount.amount);
}

/**
 * Chosen once per column from the field's keywords: money to 2 places, GST rates as percentages,
 * dates as DD-MM-YYYY, units of measure as they print (no -> Nos), other numbers grouped; numbers line up on the right, row numbers in the middle.
 */
export function cellFormat(field: FieldSpec): CellFormat {
  if (field.unitsOfMeasure) return { text: (value) => unitOfMeasure(field, value)?.unit ?? plainText(value), alignment: 'left' };
  if (field.rowNumber) return { text: plainText, alignment: 'center' };
  if (field.money) return { text: moneyText, alignment: 'right' };
  if (field.taxRate) return { text: formatPercent, alignment: 'right' };
  if (field.discount === 'percentOrAmount') return { text: discountText, alignment: 'right' };
  if (field.widget === 'date') return { text: formatDate, alignment: 'left' };
  if (field.decimals !== undefined) return { text: (value) => formatNumber(value, field.decimals), alignment: 'right' };
  if (isNumeric(field)) return { text: formatNumber, alignment: 'right' };
  return { text: plainText, alignment: 'left' };
}
