import type { Transaction } from 'kysely';
import { billBalance, creditDaysOf, type BillBalance, type Registry } from '../../engine/core';
import type { Db, Tables } from './tables';

type Reader = Db | Transaction<Tables>;

/** Ids per query: far below SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const CHUNK = 500;

export async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

/**
 * The money settling each bill (whole paise): the payments allocated to it, leaving out one payment's own (the one
 * being edited), and the advances adjusted against it (issue 46: money already received, moved onto the bill).
 */
export async function allocatedTo(reader: Reader, billIds: readonly number[], exceptPayment?: number): Promise<Map<number, number>> {
  const rows = await inChunks(billIds, (chunk) => {
    let query = reader
      .selectFrom('payment_allocations')
      .select((eb) => ['bill_id', eb.fn.sum<number | string>('amount').as('allocated')])
      .where('bill_id', 'in', chunk)
      .groupBy('bill_id');
    if (exceptPayment !== undefined) query = query.where('payment_id', '!=', exceptPayment);
    return query.execute();
  });
  const adjusted = await inChunks(billIds, (chunk) =>
    reader
      .selectFrom('advance_adjustments as a')
      .innerJoin('bills as v', 'v.id', 'a.advance_id')
      .select((eb) => ['a.invoice_id as bill_id', eb.fn.sum<number | string>('a.amount').as('allocated')])
      .where('a.invoice_id', 'in', chunk)
      .where('v.deleted_at', 'is', null)
      .groupBy('a.invoice_id')
      .execute(),
  );
  const settled = new Map<number, number>();
  for (const row of [...rows, ...adjusted]) settled.set(Number(row.bill_id), (settled.get(Number(row.bill_id)) ?? 0) + Number(row.allocated));
  return settled;
}

/**
 * Credit and debit notes against each bill (whole paise): the live notes' grand totals (issue 28's bill_notes links
 * each note to the bill it corrects; its sign says which way), so balances, receivables and statements read them here.
 */
export async function notesAgainst(reader: Reader, billIds: readonly number[]): Promise<Map<number, { credited: number; debited: number }>> {
  const rows = await inChunks(billIds, (chunk) =>
    reader
      .selectFrom('bills as b')
      .innerJoin('bill_notes as n', (join) =>
        join.onRef('n.unit', '=', 'b.unit').onRef('n.against_type', '=', 'b.type').onRef('n.against_fy', '=', 'b.fy').onRef('n.against_billno', '=', 'b.billno'),
      )
      .innerJoin('bills as nb', (join) =>
        join.onRef('nb.unit', '=', 'n.unit').onRef('nb.type', '=', 'n.note_type').onRef('nb.fy', '=', 'n.note_fy').onRef('nb.billno', '=', 'n.note_billno'),
      )
      .select(['b.id', 'n.sign', 'nb.grand_total'])
      .where('b.id', 'in', chunk)
      .where('nb.deleted_at', 'is', null)
      .execute(),
  );
  const notes = new Map<number, { credited: number; debited: number }>();
  for (const row of rows) {
    const entry = notes.get(Number(row.id)) ?? { credited: 0, debited: 0 };
    if (Number(row.sign) < 0) entry.credited += Number(row.grand_total ?? 0);
    else entry.debited += Number(row.grand_total ?? 0);
    notes.set(Number(row.id), entry);
  }
  return notes;
}

/** Each client's credit days (the payments' `creditDaysContact` detail), by name key; `fallback` when not set. */
export async function creditDaysByClient(reader: Reader, registry: Registry, clientKeys: readonly string[], fallback = 0): Promise<Map<string, number>> {
  const detail = registry.payments?.creditDaysContact;
  const keys = [...new Set(clientKeys)];
  const days = new Map(keys.map((key) => [key, fallback]));
  if (!detail || keys.length === 0) return days;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await reader.selectFrom('clients').select(['name_key', 'contact']).where('name_key', 'in', keys.slice(i, i + CHUNK)).execute();
    for (const row of rows) days.set(row.name_key, creditDaysOf((JSON.parse(row.contact) as Record<string, unknown>)[detail], fallback));
  }
  return days;
}

/** A bill's own columns the balance is derived from. */
export interface BalanceSource {
  id: number;
  billDate: string;
  clientKey: string;
  /** Grand total in whole paise. */
  total: number;
  cancelled: boolean;
}

/** The balance, due date and status of each bill as of a day (core billBalance), keyed by bill id. */
export async function balancesOf(
  reader: Reader,
  registry: Registry,
  bills: readonly BalanceSource[],
  asof: string,
  defaultCreditDays = 0,
): Promise<Map<number, BillBalance>> {
  const ids = bills.map((bill) => bill.id);
  const [allocated, notes, creditDays] = await Promise.all([
    allocatedTo(reader, ids),
    notesAgainst(reader, ids),
    creditDaysByClient(reader, registry, bills.map((bill) => bill.clientKey), defaultCreditDays),
  ]);
  return new Map(
    bills.map((bill) => {
      const note = notes.get(bill.id);
      const balance = billBalance(
        {
          total: bill.total,
          credited: note?.credited ?? 0,
          debited: note?.debited ?? 0,
          allocated: allocated.get(bill.id) ?? 0,
          billDate: bill.billDate,
          creditDays: creditDays.get(bill.clientKey) ?? defaultCreditDays,
          cancelled: bill.cancelled,
        },
        asof,
      );
      return [bill.id, balance];
    }),
  );
}

