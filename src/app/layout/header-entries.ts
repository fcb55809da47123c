import type { BillTypeEntry, MenuGroup, Unit } from '../../engine/core';
import { profileRoute } from '../paths';
import { receivablesRoute } from '../receivables/receivables-path';
import type { MenuLinkGroup } from './MenuDropdown';

/**
 * The header's drop-downs after Create Bill and View Bill: each lists the units and opens that unit's screen.
 * Screens of a unit (Business Profile) are added here, one entry each; screens of no one unit (Clients, Reports) are HEADER_LINKS.
 */
export const UNIT_ENTRIES: ReadonlyArray<{ label: string; pathOf(unit: Unit): string; action: string }> = [
  { label: 'Business Profile', pathOf: profileRoute, action: 'profile.read' },
  { label: 'Receivables', pathOf: receivablesRoute, action: 'payments.read' },
];

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

