import type { BillType, Catalog, FieldSpec } from '../../engine/core';
import { catalogFields } from '../../engine/core/catalog-fields';

/** One input of an entry on the Products & Services screen: a fill of the list, titled as on the bill's line. */
export interface FillInput {
  name: string;
  title: string;
  /** A unit (Per): the line's options, one per submitted value. */
  options?: Array<{ value: string; label: string }>;
  numeric: boolean;
}

export interface CatalogInputs {
  /** The title of the line field that picks from the list ("Description of Goods", "Service name"). */
  nameTitle: string;
  fills: FillInput[];
}

function fillInput(name: string, field: FieldSpec | undefined): FillInput {
  const options = field?.options?.filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i);
  return {
    name,
    title: field?.title ?? name,
    options: options?.map((option) => ({ value: option.value, label: option.label })),
    numeric: field?.widget === 'number',
  };
}

/** The screen's columns and inputs for a list, read from the bill lines that pick from it. */
export function catalogInputs(billTypes: readonly BillType[], catalog: Catalog): CatalogInputs {
  const { name, fills } = catalogFields(billTypes, catalog);
  return { nameTitle: name?.title ?? catalog.nameKey, fills: catalog.fills.map((fill) => fillInput(fill, fills.get(fill))) };
}

/** What a fill shows in the list: a unit by its option's label, anything else as saved. */
export function fillText(input: FillInput, value: string): string {
  return input.options?.find((option) => option.value === value)?.label ?? value;
}
