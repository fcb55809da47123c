import type { FieldSpec, ObjectSpec } from '../../core/registry/types';
import { controlKind } from '../testers';

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
  return classes.join(' ');
}
