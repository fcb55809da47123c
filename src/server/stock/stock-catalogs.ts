import { KIND_FACTS, type BillType, type Catalog, type FieldSpec, type Registry } from '../../engine/core';
import { catalogFields } from '../../engine/core/catalog-fields';

export const DEFAULT_SERIAL_LABEL = 'Serial number';

/** The catalog a bill type's lines pick their goods from, when that catalog is stocked. */
export function stockedCatalogOfLines(registry: Registry, billType: BillType): Catalog | undefined {
  const picker = billType.rowsField.rows?.fields.find((field) => field.catalog !== undefined && registry.catalogs[field.catalog]?.stock);
  return picker ? registry.catalogs[picker.catalog!] : undefined;
}

/** Which way a bill type moves stock (its kind's fact), only when its lines pick stocked goods. */
export function stockWayOf(registry: Registry, billType: BillType): 'out' | 'in' | undefined {
  return stockedCatalogOfLines(registry, billType) ? KIND_FACTS[billType.kind].stock : undefined;
}

/**
 * The unit whose stock a stocked catalog's entries are: the first unit (units.json order) with a bill type that moves
 * stock and picks its lines from the catalog (the plain unit's products, the GST unit's tax products).
 */
export function stockUnitOf(registry: Registry, catalog: string): string | undefined {
  return registry.billTypes.find((billType) => stockWayOf(registry, billType) && stockedCatalogOfLines(registry, billType)?.name === catalog)?.unit;
}

/** The stocked catalogs of a unit. */
export function stockCatalogsOf(registry: Registry, unit: string): Catalog[] {
  return Object.values(registry.catalogs).filter((catalog) => catalog.stock && stockUnitOf(registry, catalog.name) === unit);
}

/** The units that keep stock. */
export function stockUnits(registry: Registry): string[] {
  return registry.units.map((unit) => unit.slug).filter((slug) => stockCatalogsOf(registry, slug).length > 0);
}

/** The line field each catalog's `per` fills, found once per catalog (the stock lists thousands of products). */
const perFields = new WeakMap<Catalog, FieldSpec | undefined>();

/** A unit of measure as printed ("Nos" for "no"), from the line field the catalog's `per` fills. */
export function perLabelOf(registry: Registry, catalog: Catalog, per: unknown): string {
  const value = typeof per === 'string' ? per : '';
  if (!perFields.has(catalog)) perFields.set(catalog, catalogFields(registry.billTypes, catalog).fills.get('per'));
  return perFields.get(catalog)?.unitsOfMeasure?.[value]?.unit ?? value;
}

export const serialLabelOf = (catalog: Catalog | undefined): string => catalog?.serialLabel ?? DEFAULT_SERIAL_LABEL;
