import { matchPath } from 'react-router-dom';
import type { RegistryIndex, Unit } from '../../engine/core';
import { createRoute, listRoute } from '../paths';
import { UNIT_ENTRIES } from './header-entries';

/**
 * The unit a screen belongs to (issue 30: the header names it): a bill type's create, list and edit screens
 * belong to its unit, and each unit's own screens (UNIT_ENTRIES) to that unit. Screens of no one unit
 * (Clients, Reports) and paths of no screen have none.
 */
export function unitOfScreen(registry: RegistryIndex, pathname: string): Unit | undefined {
  const billType = registry.billTypes.find((b) =>
    [createRoute(b), listRoute(b), `${listRoute(b)}/:billno`].some((path) => matchPath(path, pathname)),
  );
  if (billType) return billType.unitInfo;
  return registry.units.find((unit) => UNIT_ENTRIES.some((entry) => matchPath(entry.pathOf(unit), pathname)));
}
