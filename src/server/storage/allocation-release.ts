import type { Transaction } from 'kysely';
import type { OwedAudit } from './audit';
import { notesAgainst } from './bill-balances';
import { auditKey, paymentsByIds } from './payments';
import type { Tables } from './tables';

/**
 * Frees what a bill can no longer take: it was cancelled, edited below what was paid (issue 29), or a credit note
 * took value off it, or a debit note that added some went (issue 42). Its allocations, newest first, shrink or go
 * until they fit its value (0 for a cancelled bill; else its grand total less its credit notes plus its debit notes),
 * so its balance never goes below zero. What they free stays with their payments, on account, to be allocated again;
 * each payment changed is audited as its own edit would be: those rows are returned for the change that caused it to
 * write last (OwedAudit). Runs inside that change's transaction.
 */
export async function releaseExcess(trx: Transaction<Tables>, billId: number, cancelled: boolean): Promise<OwedAudit[]> {
  const allocations = await trx.selectFrom('payment_allocations').select(['id', 'amount', 'payment_id']).where('bill_id', '=', billId).orderBy('id', 'desc').execute();
  if (allocations.length === 0) return [];
  let limit = 0;
  if (!cancelled) {
    const bill = await trx.selectFrom('bills').select('grand_total').where('id', '=', billId).executeTakeFirstOrThrow();
    const note = (await notesAgainst(trx, [billId])).get(billId);
    limit = Number(bill.grand_total ?? 0) - (note?.credited ?? 0) + (note?.debited ?? 0);
  }
  let excess = allocations.reduce((total, allocation) => total + Number(allocation.amount), 0) - Math.max(limit, 0);
  // Newest first, each allocation gives up what is left of the excess, up to all of it.
  const cuts: { id: number; paymentId: number; keep: number }[] = [];
  for (const allocation of allocations) {
    if (excess <= 0) break;
    const amount = Number(allocation.amount);
    cuts.push({ id: allocation.id, paymentId: Number(allocation.payment_id), keep: Math.max(0, amount - excess) });
    excess -= amount;
  }
  if (cuts.length === 0) return [];
  const changed = [...new Set(cuts.map((cut) => cut.paymentId))];
  const before = await paymentsByIds(trx, changed);
  for (const cut of cuts) {
    if (cut.keep === 0) await trx.deleteFrom('payment_allocations').where('id', '=', cut.id).execute();
    else await trx.updateTable('payment_allocations').set({ amount: cut.keep }).where('id', '=', cut.id).execute();
  }
  const after = new Map((await paymentsByIds(trx, changed)).map((payment) => [payment.id, payment]));
  return before.map((payment) => ({ action: 'update', key: auditKey(payment.unit, payment.receiptNo), before: payment, after: after.get(payment.id) ?? null }));
}
