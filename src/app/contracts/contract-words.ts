import { formatIndian } from '../../engine/core/money';
import type { ContractCycleRow } from './contracts-api';

export const rupees = (amount: number) => `₹ ${formatIndian(amount.toFixed(2))}`;

/** How a cycle stands, in words. */
export const CYCLE_STATUS: Record<ContractCycleRow['status'], string> = {
  raised: 'Invoiced',
  draft: 'Draft to approve',
  held: 'Held (filed period)',
  skipped: 'Skipped (paused)',
  due: 'Due',
  upcoming: 'Upcoming',
};

/** Spec 7: every create body carries its rows as `product`, so a contract's lines go under the same name. */
export const ROWS_FIELD = 'product';
