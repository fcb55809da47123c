import {
  readIndexedBillType,
  readRegistryIndex,
  registryLookups,
  type BillType,
  type BillTypeEntry,
  type CompiledValidator,
  type Registry,
  type RegistryIndex,
} from '../engine/core';
import type { BillTypes } from '../engine/react/contract';
import { registryIndexData } from '../generated/registry-index.js';
import { typeModules } from '../generated/type-modules.js';

/**
 * What the app's shell knows of every bill type (units, menus, routes, labels, clients), from the index `npm run
 * gen` wrote. A type's screens load the type itself (loadBillTypes): its schema files and precompiled validator
 * are a module of their own, so a screen carries its own type and no other.
 */
export const registry: RegistryIndex = readRegistryIndex(registryIndexData);

const loaded = new Map<string, { billType: BillType; validate: CompiledValidator }>();

/** Loads these bill types whole (once each), with their validators. */
export async function loadBillTypes(entries: readonly BillTypeEntry[]): Promise<BillType[]> {
  await Promise.all(
    entries
      .filter((entry) => !loaded.has(entry.type))
      .map(async (entry) => {
        const { files, validate } = await typeModules[entry.type]();
        loaded.set(entry.type, { billType: readIndexedBillType(registry, entry, files), validate });
      }),
  );
  return entries.map((entry) => loaded.get(entry.type)!.billType);
}

const loadedLists = new Map<string, BillType[]>();

/** These bill types whole, when loadBillTypes has loaded every one of them: the same array for the same types. */
export function loadedBillTypes(entries: readonly BillTypeEntry[]): BillType[] | undefined {
  const key = entries.map((entry) => entry.type).join(' ');
  const known = loadedLists.get(key);
  if (known) return known;
  const types = entries.map((entry) => loaded.get(entry.type)?.billType);
  if (!types.every((billType) => billType !== undefined)) return undefined;
  loadedLists.set(key, types);
  return types;
}

/** The form engine's port to the bill types (BillTypes): one loads when a screen needs it whole. */
export const billTypes: BillTypes = {
  load: async (entry) => (await loadBillTypes([entry]))[0],
  validatorFor: (billType) => {
    const validator = loaded.get(billType.type)?.validate;
    if (!validator) throw new Error(`The ${billType.menuLabel} is not loaded: call loadBillTypes first`);
    return validator;
  },
};

/** Every bill type whole, as one registry (the component tests', whose screens and mock server use them all). */
export async function loadEveryBillType(): Promise<Registry> {
  const types = await loadBillTypes(registry.billTypes);
  return { ...registryLookups(registry.units, types), catalogs: registry.catalogs, clients: registry.clients, validatorFor: billTypes.validatorFor };
}
