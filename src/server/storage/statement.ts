import { clientNameKey, KIND_FACTS, noAgeing, type Ageing, type Registry } from '../../engine/core';
import { onAccountByClient, receivablesOf } from './receivables';
import type { Db, SqlDialect } from './tables';

/**
 * A line of a client's statement, whole paise: a bill (a sale or a debit note: the client owes more; a credit note
 * or a receipt document: less), a payment (less) or the TDS the client deducted from one (less, a line of its own).
 */
export interface StatementLine {
  date: string;
  kind: 'bill' | 'payment' | 'tds';
  /** The bill type (bills, notes, receipts), the payment mode (payments) or the section (TDS). */
  of: string;
  number: string;
  debit: number;
  credit: number;
  /** What the client owes after this line. */
  balance: number;
}

export interface Statement {
  clientName: string;
  opening: number;
  lines: StatementLine[];
  closing: number;
  /** What is owed at `to`, by days past due (as receivables age it). */
  ageing: Ageing;
  /** Money on account at `to` (receivables' onAccount), which the ageing of bills leaves out. */
  onAccount: number;
}

/** A day's lines: what the client owes more first (its bills, debit notes), then what takes off (notes, receipts), then payments. */
const rank = (entry: { kind: StatementLine['kind']; debit: number }) => (entry.kind !== 'bill' ? 2 : entry.debit > 0 ? 0 : 1);

/**
 * A client's statement of account between two days (issue 29): the balance brought forward, every live document
 * that moves what the client owes (its kind's `owed`: sales, credit and debit notes, receipts) and every payment in
 * date order (a day's in `rank` order) with a running balance, the closing balance and its ageing.
 */
export async function statementOf(db: Db, dialect: SqlDialect, registry: Registry, unit: string, clientName: string, from: string, to: string, defaultCreditDays = 0): Promise<Statement | undefined> {
  const clientKey = clientNameKey(clientName);
  const client = await db.selectFrom('clients').select('name').where('name_key', '=', clientKey).executeTakeFirst();
  if (!client) return undefined;
  const owedOf = new Map(registry.billTypes.filter((billType) => billType.unit === unit && KIND_FACTS[billType.kind].owed !== 0).map((billType) => [billType.type, KIND_FACTS[billType.kind].owed]));
  const types = [...owedOf.keys()];
  const [bills, payments] = await Promise.all([
    types.length === 0
      ? []
      : db
          .selectFrom('bills')
          .select(['type', 'billno', 'printed_no', 'bill_date', 'grand_total'])
          .where('unit', '=', unit)
          .where('type', 'in', types)
          .where('client_key', '=', clientKey)
          .where('deleted_at', 'is', null)
          .where('bill_date', '<=', to)
          .execute(),
    db
      .selectFrom('payments')
      .select(['printed_no', 'pay_date', 'amount', 'mode', 'receipt_no', 'tds_section', 'tds_amount'])
      .where('unit', '=', unit)
      .where('client_key', '=', clientKey)
      .where('deleted_at', 'is', null)
      .where('pay_date', '<=', to)
      .execute(),
  ]);
  const entries = [
    ...bills.map((bill) => {
      const total = Number(bill.grand_total ?? 0);
      const more = owedOf.get(bill.type)! > 0;
      return { date: bill.bill_date, kind: 'bill' as const, of: bill.type, number: bill.printed_no ?? String(bill.billno), order: Number(bill.billno), debit: more ? total : 0, credit: more ? 0 : total };
    }),
    ...payments.flatMap((payment) => {
      const received = { date: payment.pay_date, kind: 'payment' as const, of: payment.mode, number: payment.printed_no, order: Number(payment.receipt_no), debit: 0, credit: Number(payment.amount) };
      const tds = Number(payment.tds_amount);
      return payment.tds_section === null || tds === 0 ? [received] : [received, { ...received, kind: 'tds' as const, of: payment.tds_section, credit: tds }];
    }),
  ].sort((a, b) => a.date.localeCompare(b.date) || rank(a) - rank(b) || a.order - b.order);
  let opening = 0;
  const lines: StatementLine[] = [];
  let balance = 0;
  for (const { order: _order, ...entry } of entries) {
    if (entry.date < from) {
      opening += entry.debit - entry.credit;
      balance = opening;
      continue;
    }
    balance += entry.debit - entry.credit;
    lines.push({ ...entry, balance });
  }
  if (lines.length === 0) balance = opening;
  const [owing] = await receivablesOf(db, dialect, registry, unit, to, clientKey, defaultCreditDays);
  // Receivables carry the on-account money of a client who owes; one paid in advance is asked for it alone.
  const onAccount = owing?.onAccount ?? (await onAccountByClient(db, registry, unit, to, clientKey)).get(clientKey) ?? 0;
  return { clientName: client.name, opening, lines, closing: balance, ageing: owing?.ageing ?? noAgeing(), onAccount };
}
