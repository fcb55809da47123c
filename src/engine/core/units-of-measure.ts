import type { FieldSpec, UnitOfMeasure } from './registry/types';

/**
 * The unit of measure a stored value stands for, when its field declares units (`x-options` with `unit` and
 * `uqc`): `no` -> Nos / NOS. The PDF prints `unit`; GST returns report `uqc`. Unknown values have none.
 */
export function unitOfMeasure(field: FieldSpec, value: unknown): UnitOfMeasure | undefined {
  if (!field.unitsOfMeasure || typeof value !== 'string') return undefined;
  return Object.hasOwn(field.unitsOfMeasure, value.trim()) ? field.unitsOfMeasure[value.trim()] : undefined;
}
