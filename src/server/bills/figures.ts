import { billFigures, sellerStateCode, type Registry } from '../../engine/core';
import { printedSeller } from '../profile/seller';
import type { Storage } from '../storage';
import { fillMissingFigures } from '../storage/bill-figures';
import { toRecord } from '../storage/bill-records';
import { storedBill } from './shape';

/**
 * Computes the figures of stored bills that have none yet (bills from before migration 0005, or whose unit's
 * seller state just changed: `recomputeUnit` computes all of that unit's again): the same core code as a save and the PDF, over the bill as stored, with the
 * seller's state of the unit's saved business profile. Returns how many bills it filled.
 */
export async function fillStoredBillFigures(registry: Registry, storage: Storage, recomputeUnit?: string): Promise<number> {
  const sellerStates = new Map<string, string>();
  for (const unit of registry.units) sellerStates.set(unit.slug, sellerStateCode(unit, await printedSeller(storage, unit.slug)));
  return fillMissingFigures(
    storage.database.db,
    (record) => {
      const billType = registry.byType(record.type);
      if (!billType || billType.unit !== record.unit) return undefined;
      return billFigures(billType, storedBill(billType, record), sellerStates.get(record.unit));
    },
    toRecord,
    recomputeUnit,
  );
}
