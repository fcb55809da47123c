import type { SchemaFiles } from '../schema/resolve';
import { readBillType, registryLookups, type Registry, type RegistryIndex } from './registry';
import type { BillType, BillTypeEntry, Catalog, ClientsSpec, RoleNames, Unit } from './types';

/** An index entry as written: its unit named by slug only (readRegistryIndex attaches the unit). */
export type IndexedBillType = Omit<BillTypeEntry, 'unitInfo'>;

/**
 * The registry index as `npm run gen` writes it for the browser (src/generated/registry-index.js): plain data,
 * from the registry of every schema file, checked. The app's shell (menus, routes, labels, clients) reads it at
 * start; each bill type's screens load that type's own files (`readIndexedBillType`).
 */
export interface RegistryIndexData {
  units: Unit[];
  catalogs: Record<string, Catalog>;
  clients: ClientsSpec;
  billTypes: IndexedBillType[];
}

export function registryIndexData(registry: Registry): RegistryIndexData {
  const { units, catalogs, clients } = registry;
  return { units, catalogs, clients, billTypes: registry.billTypes.map(indexedBillType) };
}

/** What only the type's own screens read (BillType beyond BillTypeEntry), and the unit, which the index has once. */
const NOT_INDEXED = new Set<string>(['schema', 'validationSchema', 'root', 'header', 'rowsField', 'listColumns', 'unitInfo']);

function indexedBillType(billType: BillType): IndexedBillType {
  const entry = Object.fromEntries(Object.entries(billType).filter(([key]) => !NOT_INDEXED.has(key))) as IndexedBillType;
  const named = Object.entries(billType.roles).map(([role, { name, title }]) => [role, { name, title }]);
  return { ...entry, roles: Object.fromEntries(named) as RoleNames };
}

export function readRegistryIndex(data: RegistryIndexData): RegistryIndex {
  const unitOf = (slug: string) => data.units.find((unit) => unit.slug === slug)!;
  const billTypes = data.billTypes.map((entry): BillTypeEntry => ({ ...entry, unitInfo: unitOf(entry.unit) }));
  return { ...registryLookups(data.units, billTypes), catalogs: data.catalogs, clients: data.clients };
}

/**
 * A bill type read whole from its own schema files (its bill file and the parts it refers to), which `npm run
 * gen` checked with every other file. The convert texts name the type it converts to as well: the entry has them.
 */
export function readIndexedBillType(index: RegistryIndex, entry: BillTypeEntry, files: SchemaFiles): BillType {
  return { ...readBillType(files, entry.file, index.units, index.catalogs), convert: entry.convert };
}

/** The schema files a bill type is read from, its bill file first: the parts it refers to, directly or through parts. */
export function filesOfBillType(files: SchemaFiles, registry: RegistryIndex, billType: BillTypeEntry): string[] {
  const used = new Set<string>([billType.file]);
  const watched = new Proxy(files, {
    get(target, name, receiver) {
      if (typeof name === 'string' && Object.hasOwn(target, name)) used.add(name);
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  readBillType(watched, billType.file, registry.units, registry.catalogs);
  return [...used];
}
