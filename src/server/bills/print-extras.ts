import type { BillType, EwayBillReply, IrnReply, Registry } from '../../engine/core';
import type { PrintOptions } from '../../pdf/context';
import { noteAgainstPrint } from '../routes/notes';
import type { Storage } from '../storage';
import type { BillRecord } from '../storage/bills';

export type PrintExtras = Pick<PrintOptions, 'against' | 'ewayBill' | 'irn'>;

/**
 * What a bill's PDF prints besides the bill, the same wherever it is printed (showpdf, an e-mailed copy): a note's
 * original bill, and the e-way bill and IRN registered for it.
 */
export async function printExtras(registry: Registry, storage: Storage, billType: BillType, record: BillRecord): Promise<PrintExtras> {
  const against = await noteAgainstPrint(registry, storage, billType, record);
  const registered = await storage.registrations.find(record);
  return { against, ewayBill: registered.ewb as EwayBillReply | undefined, irn: registered.irn as IrnReply | undefined };
}
