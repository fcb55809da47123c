import type { FieldSpec, ObjectSpec } from '../../core/registry/types';
import { controlKind } from '../testers';

/** Marks a discount's column: an optional value, which no key or opening focus waits for (grid-keys.ts, useKeyboardFirst.ts). */
const DISCOUNT_CLASS = 'discount';

/** Whether an input is a line's discount: empty, it is no discount rather than a cell left to fill. */
export function inDiscountColumn(input: Element): boolean {
  return input.closest(`.bill-grid__cell--${DISCOUNT_CLASS}`) !== null;
}

/**
 * The CSS classes of a grid column, from the field's keywords: its control kind, and what its values
 * look like (an 8-digit HSN code, a GST rate or a discount in per cent, money up to 1,00,00,000.00; a computed amount has no steppers;
 * the first factor of a computed amount is a quantity, shorter than a price), so each column is wide enough
 * for its values and no wider.
 */
export function columnClass(base: string, field: FieldSpec, row: ObjectSpec): string {
  const classes = [base, `${base}--${controlKind(field)}`];
  if (field.productOf) classes.push(`${base}--computed`);
  else if (field.taxRate || field.discount) classes.push(`${base}--percent`);
  else if (field.hsn) classes.push(`${base}--code`);
  else if (row.fields.some((other) => other.productOf?.[0] === field.name)) classes.push(`${base}--quantity`);
  if (field.discount) classes.push(`${base}--${DISCOUNT_CLASS}`);
  return classes.join(' ');
}
