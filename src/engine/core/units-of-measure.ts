import { toDecimal, type Money } from './money';
import type { FieldSpec, UnitOfMeasure } from './registry/types';
import type { LeafRow } from './rows';

/** The portal's unit code for lines that have no quantity (services). */
export const UQC_NOT_APPLICABLE = 'NA';
/** The portal's "others" unit code, for a quantity whose unit declares no UQC. */
export const UQC_OTHERS = 'OTH';

/**
 * The unit of measure a stored value stands for, when its field declares units (`x-options` with `unit` and
 * `uqc`): `no` -> Nos / NOS. The PDF prints `unit`; GST returns report `uqc`. Unknown values have none.
 */
export function unitOfMeasure(field: FieldSpec, value: unknown): UnitOfMeasure | undefined {
  if (!field.unitsOfMeasure || typeof value !== 'string') return undefined;
  return Object.hasOwn(field.unitsOfMeasure, value.trim()) ? field.unitsOfMeasure[value.trim()] : undefined;
}

/** The quantity of a line: the first factor of its computed amount (x-productOf: qty x rate), if any. */
export function quantityOf(leaf: LeafRow): Money | undefined {
  const amount = leaf.spec.fields.find((field) => field.money);
  const qtyName = amount?.productOf?.[0];
  return qtyName === undefined ? undefined : toDecimal(leaf.row[qtyName]);
}

/** The UQC of a line: its chosen unit's (the Per option's `uqc`); OTH for a unit without one; NA without a quantity. */
export function uqcOf(leaf: LeafRow): string {
  if (quantityOf(leaf) === undefined) return UQC_NOT_APPLICABLE;
  for (const field of leaf.spec.fields) {
    const unit = unitOfMeasure(field, leaf.row[field.name]);
    if (unit) return unit.uqc;
  }
  return UQC_OTHERS;
}
