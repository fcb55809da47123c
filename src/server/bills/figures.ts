import { billFigures, type Registry } from '../../engine/core';
import type { Storage } from '../storage';
import { fillMissingFigures } from '../storage/bill-figures';
import { toRecord } from '../storage/bills';
import { storedBill } from './shape';

/**
 * Computes the figures of stored bills that have none yet (bills from before migration 0005): the same
 * core code as a save and the PDF, over the bill as stored. Returns how many bills it filled.
 */
export function fillStoredBillFigures(registry: Registry, storage: Storage): Promise<number> {
  return fillMissingFigures(
    storage.database.db,
    (record) => {
      const billType = registry.byType(record.type);
      return billType && billType.unit === record.unit ? billFigures(billType, storedBill(billType, record)) : undefined;
    },
    toRecord,
  );
}
