import { localIsoDay, type BillBalance, type BillType } from '../../engine/core';
import type { Storage } from '../storage';
import type { BillRecord } from '../storage/bills';

/**
 * A bill's balance and due date as the lists show them (core billBalance: payments and notes counted, nothing on a
 * cancelled bill), for a type that counts as sales; undefined for one that keeps no balance (a quotation).
 * The PDF's UPI QR, the e-mail and the WhatsApp message all ask for this balance, so none asks for a paid amount.
 */
export async function billBalanceOf(storage: Storage, billType: BillType, record: BillRecord): Promise<BillBalance | undefined> {
  if (!billType.countsAsSales) return undefined;
  const source = await storage.mail.balanceSource(record);
  if (!source) return undefined;
  return (await storage.payments.balances(billType.unit, [source], localIsoDay())).get(source.id);
}
