import { sql } from 'kysely';
import { ageingBucket, billBalance, creditDaysOf, noAgeing, type Ageing, type Registry } from '../../engine/core';
import { balancesOf, notesAgainst } from './bill-balances';
import type { Db } from './tables';

/** "type/fy/billno" of a bill, or of the bill a note corrects. */
function noteTarget(row: { against_type: string; against_fy: number; against_billno: number } | { type: string; fy: number; billno: number }): string {
  return 'against_type' in row ? `${row.against_type}/${Number(row.against_fy)}/${Number(row.against_billno)}` : `${row.type}/${Number(row.fy)}/${Number(row.billno)}`;
}

/** What one client owes on a day, aged by days past each bill's due date; amounts in whole paise. */
export interface ClientReceivable {
  clientName: string;
  clientKey: string;
  outstanding: number;
  ageing: Ageing;
  /** The earliest due date among the bills with a balance. */
  oldestDue: string;
  /** Payments received and not allocated to any bill (on account). */
  onAccount: number;
}

/**
 * The receivables of a unit as of a day (issue 29): every live sales bill dated by then, less the payments dated
 * by then allocated to it, aged by its due date (bill date + the client's credit days). Only bills with something
 * left come out of the database, so a year of settled bills costs the query, not the server.
 */
export async function receivablesOf(db: Db, registry: Registry, unit: string, asof: string, clientKey?: string, defaultCreditDays = 0): Promise<ClientReceivable[]> {
  const types = registry.billTypes.filter((billType) => billType.unit === unit && billType.countsAsSales).map((billType) => billType.type);
  if (types.length === 0) return [];
  // Per bill, through the allocations' bill index: SQLite grouping every allocation first cost seconds.
  const allocated = sql<number | string>`coalesce((select sum(pa.amount) from payment_allocations pa inner join payments p on p.id = pa.payment_id where pa.bill_id = b.id and p.pay_date <= ${asof}), 0)`;
  let billQuery = db
    .selectFrom('bills as b')
    .select(['b.id', 'b.type', 'b.fy', 'b.billno', 'b.client_key', 'b.client_name', 'b.bill_date', 'b.grand_total', allocated.as('allocated')])
    .where('b.unit', '=', unit)
    .where('b.type', 'in', types)
    .where('b.deleted_at', 'is', null)
    .where('b.bill_date', '<=', asof);
  if (clientKey !== undefined) billQuery = billQuery.where('b.client_key', '=', clientKey);
  // Bills settled by payments are left before their notes are read, unless a note corrects them (a debit note
  // raises what is owed again); notes are few beside bills.
  const corrected = new Set((await db.selectFrom('bill_notes').select(['against_type', 'against_fy', 'against_billno']).where('unit', '=', unit).execute()).map(noteTarget));
  const bills = (await billQuery.execute()).filter((bill) => Number(bill.grand_total ?? 0) > Number(bill.allocated) || corrected.has(noteTarget(bill)));
  const notes = await notesAgainst(db, bills.map((bill) => Number(bill.id)));
  const detail = registry.payments?.creditDaysContact;
  let clientQuery = db.selectFrom('clients').select(['name', 'name_key', 'contact']);
  if (clientKey !== undefined) clientQuery = clientQuery.where('name_key', '=', clientKey);
  const clients = await clientQuery.execute();
  const byKey = new Map(clients.map((client) => [client.name_key, client]));
  const creditDays = (key: string) => {
    const contact = byKey.get(key)?.contact;
    return detail && contact ? creditDaysOf((JSON.parse(contact) as Record<string, unknown>)[detail], defaultCreditDays) : defaultCreditDays;
  };
  const receivables = new Map<string, ClientReceivable>();
  const daysOf = new Map<string, number>();
  for (const bill of bills) {
    const key = bill.client_key ?? '';
    if (!daysOf.has(key)) daysOf.set(key, creditDays(key));
    const note = notes.get(Number(bill.id));
    const { balance, due } = billBalance(
      {
        total: Number(bill.grand_total ?? 0),
        credited: note?.credited ?? 0,
        debited: note?.debited ?? 0,
        allocated: Number(bill.allocated),
        billDate: bill.bill_date,
        creditDays: daysOf.get(key)!,
        cancelled: false,
      },
      asof,
    );
    if (balance <= 0) continue;
    let client = receivables.get(key);
    if (!client) {
      client = { clientName: byKey.get(key)?.name ?? bill.client_name, clientKey: key, outstanding: 0, ageing: noAgeing(), oldestDue: due, onAccount: 0 };
      receivables.set(key, client);
    }
    client.outstanding += balance;
    client.ageing[ageingBucket(due, asof)] += balance;
    if (due < client.oldestDue) client.oldestDue = due;
  }
  await addOnAccount(db, unit, asof, receivables, clientKey);
  return [...receivables.values()].sort((a, b) => b.outstanding - a.outstanding || a.clientName.localeCompare(b.clientName));
}

/** Each owing client's payments by `asof` that no bill took (on account), from the same unit. */
async function addOnAccount(db: Db, unit: string, asof: string, receivables: Map<string, ClientReceivable>, clientKey?: string): Promise<void> {
  const used = sql`coalesce((select sum(pa.amount) from payment_allocations pa where pa.payment_id = p.id), 0)`;
  let query = db
    .selectFrom('payments as p')
    .select(['p.client_key', sql<number | string>`sum(p.amount - ${used})`.as('free')])
    .where('p.unit', '=', unit)
    .where('p.deleted_at', 'is', null)
    .where('p.pay_date', '<=', asof)
    .groupBy('p.client_key');
  if (clientKey !== undefined) query = query.where('p.client_key', '=', clientKey);
  const rows = await query.execute();
  for (const row of rows) {
    const client = receivables.get(row.client_key);
    if (client) client.onAccount = Math.max(0, Number(row.free));
  }
}

/** A client's bills past their due date with a balance as of a day (the reminder names them), oldest first. */
export async function overdueBillsOf(db: Db, registry: Registry, unit: string, clientKey: string, asof: string, defaultCreditDays = 0) {
  const types = registry.billTypes.filter((billType) => billType.unit === unit && billType.countsAsSales).map((billType) => billType.type);
  if (types.length === 0) return [];
  const bills = await db
    .selectFrom('bills')
    .select(['id', 'type', 'billno', 'printed_no', 'bill_date', 'client_key', 'grand_total'])
    .where('unit', '=', unit)
    .where('type', 'in', types)
    .where('client_key', '=', clientKey)
    .where('deleted_at', 'is', null)
    .orderBy('bill_date')
    .orderBy('billno')
    .execute();
  const sources = bills.map((bill) => ({ id: Number(bill.id), billDate: bill.bill_date, clientKey, total: Number(bill.grand_total ?? 0), cancelled: false }));
  const balances = await balancesOf(db, registry, sources, asof, defaultCreditDays);
  return bills
    .map((bill) => ({ type: bill.type, printedNo: bill.printed_no ?? String(bill.billno), balance: balances.get(Number(bill.id))! }))
    .filter((bill) => bill.balance.status === 'overdue');
}
