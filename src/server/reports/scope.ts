import { isMoneyOnAccount, toDecimal, type BillType, type Period, type Registry, type Unit } from '../../engine/core';
import type { SalesScope } from '../storage/sales-reports';

/** The bill types of a unit that count as sales (x-bill.kind sale), in menu order. */
export function salesTypesOf(registry: Registry, unit: Unit): BillType[] {
  return registry.menu().find((group) => group.unit.slug === unit.slug)?.billTypes.filter((b) => b.countsAsSales) ?? [];
}

export function salesScope(registry: Registry, unit: Unit, period: Period): SalesScope {
  const types = salesTypesOf(registry, unit);
  return { unit: unit.slug, types: types.map((b) => b.type), ...period };
}

/** The unit's credit and debit note types (x-bill.kind creditNote, debitNote), in menu order. */
export function noteTypesOf(registry: Registry, unit: Unit): BillType[] {
  return registry.menu().find((group) => group.unit.slug === unit.slug)?.billTypes.filter((b) => b.note) ?? [];
}

/** The unit's advances received with GST (x-bill.kind receipt, a tax document): GSTR-1's `at` and `txpd`. */
export function advanceTypesOf(registry: Registry, unit: Unit): BillType[] {
  return registry.billTypes.filter((b) => b.unit === unit.slug && b.tax && isMoneyOnAccount(b.kind));
}

/** The unit's advances received within a period (GSTR-1 `at`, the register's receipt vouchers). */
export function advanceScope(registry: Registry, unit: Unit, period: Period): SalesScope {
  return { unit: unit.slug, types: advanceTypesOf(registry, unit).map((b) => b.type), ...period };
}

/**
 * The sales bills and the notes that correct them (issue 28): what the register, its totals, sales by month and
 * the HSN summary add up, a credit note's figures counted negative (its kind's sign, KIND_FACTS).
 */
export function salesWithNotesScope(registry: Registry, unit: Unit, period: Period): SalesScope {
  const sales = salesScope(registry, unit, period);
  const notes = noteTypesOf(registry, unit);
  return {
    ...sales,
    types: [...sales.types, ...notes.map((b) => b.type)],
    negated: notes.filter((b) => b.note!.sign < 0).map((b) => b.type),
  };
}

/**
 * The answer keys of the register's client columns: the field names of the client name and GSTIN roles
 * (spec 3: clientname, gstno) as the unit's sales bill types name them, else any bill type's.
 */
export function clientKeys(registry: Registry, unit: Unit): { name: string; gstin: string; date: string } {
  const sales = salesTypesOf(registry, unit);
  const any = [...sales, ...registry.billTypes];
  return {
    name: any[0].roles.clientName.name,
    date: any[0].roles.billDate.name,
    gstin: any.find((b) => b.roles.clientGstin)?.roles.clientGstin?.name ?? 'gstin',
  };
}

/** The units that file GST returns: those with a sales bill type that charges GST (x-bill tax). */
export function gstUnits(registry: Registry): Unit[] {
  return registry.units.filter((unit) => salesTypesOf(registry, unit).some((b) => b.tax));
}

/** A stored quantity (millionths) as exact decimal text. */
export function quantityText(micro: number): string {
  return toDecimal(String(micro)).div(1_000_000).toFixed();
}
