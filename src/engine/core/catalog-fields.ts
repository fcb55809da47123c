import type { BillType, Catalog, FieldSpec, ObjectSpec } from './registry/types';

/** The line fields a saved list is about: the field that picks from it, and each fill's field beside it. */
export interface CatalogFields {
  /** The first line field that picks from the list (its title names the list's entries: "Description of Goods"). */
  name?: FieldSpec;
  /** Each of the list's fills (hsn, taxrate, rate, per) with the line field it fills, where a line has one. */
  fills: Map<string, FieldSpec | undefined>;
}

/**
 * Where a saved list's values live on the bills' lines, for the server's checks of a saved entry and for the
 * Products & Services screen's columns and inputs: read from the schemas, so a new fill needs no code.
 */
export function catalogFields(billTypes: readonly BillType[], catalog: Catalog): CatalogFields {
  const fills = new Map<string, FieldSpec | undefined>(catalog.fills.map((name) => [name, undefined]));
  let name: FieldSpec | undefined;
  const visit = (spec: ObjectSpec) => {
    const picker = spec.fields.find((field) => field.catalog === catalog.name);
    if (picker) {
      name ??= picker;
      for (const fill of catalog.fills) if (Object.hasOwn(spec.byName, fill)) fills.set(fill, fills.get(fill) ?? spec.byName[fill]);
    }
    for (const field of spec.fields) if (field.rows) visit(field.rows);
  };
  for (const billType of billTypes) visit(billType.root);
  return { name, fills };
}
