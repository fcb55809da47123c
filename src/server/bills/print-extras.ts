import type { BillType, EwayBillReply, IrnReply, Registry } from '../../engine/core';
import type { PrintOptions } from '../../pdf/context';
import { noteAgainstPrint } from '../routes/notes';
import { refundAgainstPrint } from '../routes/refunds';
import type { Storage } from '../storage';
import type { BillRecord } from '../storage/bills';
import { billBalanceOf } from './balance-due';

export type PrintExtras = Pick<PrintOptions, 'against' | 'ewayBill' | 'irn' | 'balanceDue'>;

/**
 * What a bill's PDF prints besides the bill, the same wherever it is printed (showpdf, an e-mailed copy): a note's
 * original bill (a refund's advance), the e-way bill and IRN registered for it, and the balance due its UPI QR asks for.
 */
export async function printExtras(registry: Registry, storage: Storage, billType: BillType, record: BillRecord): Promise<PrintExtras> {
  const against = (await noteAgainstPrint(registry, storage, billType, record)) ?? (await refundAgainstPrint(registry, storage, billType, record));
  const registered = await storage.registrations.find(record);
  const balance = await billBalanceOf(storage, billType, record);
  return {
    against,
    ewayBill: registered.ewb as EwayBillReply | undefined,
    irn: registered.irn as IrnReply | undefined,
    ...(balance && { balanceDue: balance.balance }),
  };
}
