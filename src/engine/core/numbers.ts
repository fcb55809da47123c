import { exactNumber, parseDecimal, round2 } from './money';
import type { FieldSpec, ObjectSpec } from './registry/types';

type Fields = Record<string, unknown>;

/** A field the schema declares as a number (or a whole number): its value is a JSON number once accepted. */
export function isNumberField(field: FieldSpec): boolean {
  const types = [field.schema.type].flat();
  return types.includes('number') || types.includes('integer');
}

/** A GST rate as an operator writes it, "18%" or "18 %", read as the number it is ("18"). */
function withoutPercentSign(value: string | number): string | number {
  return typeof value === 'string' ? value.replace(/^(.*?)\s*%\s*$/, '$1') : value;
}

/**
 * The JSON number a value stands for: a number stays, text in the number grammar becomes its exact
 * number (money to 2 places of value); anything else (blank, "abc", a number too precise to be one) is
 * returned as it came, for the schema's type check to refuse with the field's message. A tax rate (x-taxRate) may end
 * in a percent sign.
 */
export function coerceNumber(field: FieldSpec, value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const decimal = parseDecimal(field.taxRate ? withoutPercentSign(value) : value);
  if (!decimal) return value;
  return exactNumber(field.money ? round2(decimal) : decimal) ?? value;
}

/** A percent-or-amount discount sent as a JSON number over the API is the amount its text says (150: "150" rupees). */
export function discountText(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : value;
}

/** Every number field of an object (rows and nested rows included) as a JSON number where it is one. */
export function coerceNumbers(spec: ObjectSpec, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Fields;
  const coerced: Fields = { ...object };
  for (const field of spec.fields) {
    const item = object[field.name];
    if (item === undefined) continue;
    if (field.rows) coerced[field.name] = Array.isArray(item) ? item.map((row) => coerceNumbers(field.rows!, row)) : item;
    else if (isNumberField(field)) coerced[field.name] = coerceNumber(field, item);
    else if (field.discount === 'percentOrAmount') coerced[field.name] = discountText(item);
  }
  return coerced;
}
