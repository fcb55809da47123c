import type { RegistryIndex } from '../engine/core';

/** What a screen path needs from a bill type. */
type Routed = { unit: string; route: string };

/** The three screens of a bill type (spec 2): create, list, and edit (the list path + bill number). */
export function createRoute(billType: Routed): string {
  return `/${billType.unit}/${billType.route}`;
}

export function listRoute(billType: Routed): string {
  return `/${billType.unit}/view/${billType.route}`;
}

/** A bill's edit screen; `fy` ("2025-26") names a bill of another financial year than this one. */
export function editRoute(billType: Routed, billno: number | string, fy?: string): string {
  return `${listRoute(billType)}/${encodeURIComponent(String(billno))}${fy ? `?fy=${encodeURIComponent(fy)}` : ''}`;
}

/** A unit's Business Profile screen. The hyphen keeps it apart from every bill type's route (letters and digits). */
export function profileRoute(unit: { slug: string }): string {
  return `/${unit.slug}/business-profile`;
}

/** Where a signed-in operator lands (spec 2): the first entry of the first menu group. */
export function landingPath(registry: RegistryIndex): string {
  const first = registry.menu().find((group) => group.billTypes.length > 0)?.billTypes[0];
  if (!first) throw new Error('No bill types in schemas/bills');
  return createRoute(first);
}
