import type { Locator, Page } from 'playwright-core';
import type { BillType } from '../../../src/engine/core';
import { registry } from './session';

/**
 * A bill type's entry in an open header menu, found within its unit's group: two units may both have a
 * "Tax Invoice Bill" (a maintainer's third unit), so the label alone does not name one link.
 */
export function menuLink(scope: Page | Locator, billType: BillType): Locator {
  const unit = registry.units.find((candidate) => candidate.slug === billType.unit)!;
  return scope.getByRole('list', { name: unit.menuLabel, exact: true }).getByRole('link', { name: billType.menuLabel, exact: true });
}
