import type { BillTypeEntry, MenuGroup, Unit } from '../../engine/core';
import { profileRoute } from '../paths';
import { receivablesRoute } from '../receivables/receivables-path';
import { contractsRoute } from '../contracts/contracts-path';
import { stockRoute, STOCK_ACTIONS } from '../stock/stock-paths';
import type { MenuLinkGroup } from './MenuDropdown';

/**
 * The header's drop-downs after Create Bill and View Bill: each lists the units and opens that unit's screen.
 * Screens of a unit (Business Profile) are added here, one entry each; screens of no one unit (Clients, Reports) are HEADER_LINKS.
 */
export interface UnitEntry {
  label: string;
  pathOf(unit: Unit): string;
  action: string;
  /**
   * The drop-down it shares with other entries (one list of units each, titled by its label): an owner's header
   * keeps to one line at 1024 px. Alone (a role sees one of them), an entry is its own drop-down.
   */
  menu?: string;
}

export const UNIT_ENTRIES: readonly UnitEntry[] = [
  { label: 'Business Profile', pathOf: profileRoute, action: 'profile.read' },
  { label: 'Receivables', pathOf: receivablesRoute, action: 'payments.read', menu: 'Receivables' },
  { label: 'Contracts', pathOf: contractsRoute, action: 'contracts.read', menu: 'Receivables' },
  { label: 'Stock', pathOf: stockRoute, action: STOCK_ACTIONS.read },
];

/** The header's unit drop-downs of the entries a role may open: a label and its groups of unit links. */
export function unitMenus(entries: readonly UnitEntry[], units: Unit[]): Array<{ label: string; groups: MenuLinkGroup[] }> {
  const menus = new Map<string, UnitEntry[]>();
  for (const entry of entries) menus.set(entry.menu ?? entry.label, [...(menus.get(entry.menu ?? entry.label) ?? []), entry]);
  return [...menus].map(([menu, shared]) =>
    shared.length === 1
      ? { label: shared[0].label, groups: unitGroups(units, shared[0].pathOf) }
      : { label: menu, groups: shared.map((entry) => ({ ...unitGroups(units, entry.pathOf)[0], key: entry.label, title: entry.label })) },
  );
}

/** The header's bill menus and the action of schemas/roles.json each needs. */
export const BILL_MENUS = { create: { label: 'Create Bill', action: 'bills.write' }, view: { label: 'View Bill', action: 'bills.read' } } as const;

/** The units' groups of bill types as menu links to the create or the list screens. */
export function billTypeGroups(groups: MenuGroup[], pathOf: (billType: BillTypeEntry) => string): MenuLinkGroup[] {
  return groups.map(({ unit, billTypes }) => ({
    key: unit.slug,
    title: unit.menuLabel,
    links: billTypes.map((billType) => ({ key: billType.type, label: billType.menuLabel, to: pathOf(billType) })),
  }));
}

/** The units as one group of links, each to the unit's screen of an entry of UNIT_ENTRIES. */
export function unitGroups(units: Unit[], pathOf: (unit: Unit) => string): MenuLinkGroup[] {
  return [{ key: 'units', title: 'Unit', links: units.map((unit) => ({ key: unit.slug, label: unit.menuLabel, to: pathOf(unit) })) }];
}

