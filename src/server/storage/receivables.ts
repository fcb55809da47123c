import { sql, type RawBuilder } from 'kysely';
import { addDays, AGEING_BUCKETS, AGEING_LIMITS, creditDaysOf, isMoneyOnAccount, type Ageing, type Registry } from '../../engine/core';
import { balancesOf } from './bill-balances';
import type { Db, SqlDialect } from './tables';

/** What one client owes on a day, aged by days past each bill's due date; amounts in whole paise. */
export interface ClientReceivable {
  clientName: string;
  clientKey: string;
  outstanding: number;
  ageing: Ageing;
  /** The earliest due date among the bills with a balance. */
  oldestDue: string;
  /** Payments received and not allocated to any bill, and receipt documents (x-bill.kind receipt): on account. */
  onAccount: number;
}

/** Whole days from an ISO day column to `asof`, in each dialect's date arithmetic. */
function daysTo(dialect: SqlDialect, asof: string, day: RawBuilder<string>): RawBuilder<number> {
  return dialect === 'postgres' ? sql<number>`(cast(${asof} as date) - cast(${day} as date))` : sql<number>`cast(julianday(${asof}) - julianday(${day}) as integer)`;
}

/** String.localeCompare's order (the default collation), without building it again for each of 10,000 names. */
const byName = new Intl.Collator();

/** The receivables' order: most owed first, then by name. */
export const byMostOwed = (a: ClientReceivable, b: ClientReceivable) => b.outstanding - a.outstanding || byName.compare(a.clientName, b.clientName);

/** One detail of the clients' contact (a JSON object in text) as JSON text, null when absent. */
function contactDetail(dialect: SqlDialect, detail: string): RawBuilder<string | null> {
  return dialect === 'postgres' ? sql<string | null>`cast(cast(c.contact as jsonb) -> cast(${detail} as text) as text)` : sql<string | null>`(c.contact -> ${detail})`;
}

/**
 * Each client's credit days (the payments' `creditDaysContact` detail, else `fallback`) as a SQL expression over
 * `clients c`: the few distinct values the clients hold are read first and judged by core creditDaysOf, so the
 * rule stays the core's and the database only looks them up.
 */
async function creditDaysSql(db: Db, dialect: SqlDialect, registry: Registry, fallback: number, clientKey?: string): Promise<RawBuilder<number>> {
  const detail = registry.payments?.creditDaysContact;
  if (!detail) return sql<number>`${sql.lit(fallback)}`;
  const held = contactDetail(dialect, detail);
  let distinct = db.selectFrom('clients as c').select(held.as('held')).distinct();
  if (clientKey !== undefined) distinct = distinct.where('c.name_key', '=', clientKey);
  const values = await distinct.execute();
  const known = values.flatMap(({ held: text }) => {
    const days = text === null ? fallback : creditDaysOf(JSON.parse(text), fallback);
    return text === null || days === fallback ? [] : [sql`when ${text} then ${sql.lit(days)}`];
  });
  return known.length === 0 ? sql<number>`${sql.lit(fallback)}` : sql<number>`(case ${held} ${sql.join(known, sql` `)} else ${sql.lit(fallback)} end)`;
}

/**
 * Every live sales bill of a unit dated by `asof` with its balance that day and its days past due (`late`: negative
 * while it is not due yet), as the CTE `o`: the receivables sum it per client, the Today screen reads its bills due
 * this week (`printedNo`: with each bill's printed number, else null). Undefined when the unit has no sales types.
 */
async function owedBills(db: Db, dialect: SqlDialect, registry: Registry, unit: string, asof: string, clientKey: string | undefined, defaultCreditDays: number, printedNo = false) {
  const types = registry.billTypes.filter((billType) => billType.unit === unit && billType.countsAsSales).map((billType) => billType.type);
  if (types.length === 0) return undefined;
  const creditDays = await creditDaysSql(db, dialect, registry, defaultCreditDays, clientKey);
  // Notes are few beside bills: summed per bill they correct first, joined after.
  const notes = db
    .selectFrom('bill_notes as n')
    .innerJoin('bills as nb', (join) =>
      join.onRef('nb.unit', '=', 'n.unit').onRef('nb.type', '=', 'n.note_type').onRef('nb.fy', '=', 'n.note_fy').onRef('nb.billno', '=', 'n.note_billno'),
    )
    .select([
      'n.against_type',
      'n.against_fy',
      'n.against_billno',
      sql<number>`sum(case when n.sign < 0 then -coalesce(nb.grand_total, 0) else coalesce(nb.grand_total, 0) end)`.as('moved'),
    ])
    .where('n.unit', '=', unit)
    .where('nb.deleted_at', 'is', null)
    .groupBy(['n.against_type', 'n.against_fy', 'n.against_billno']);
  // Most bills are dated by `asof`: said so to SQLite's planner (it has no statistics), else it reads the bills by
  // date, opening every bill's row, instead of the receivables index that holds all this reads.
  const datedBy = dialect === 'sqlite' ? sql<boolean>`likely(b.bill_date <= ${asof})` : sql<boolean>`b.bill_date <= ${asof}`;
  // Per bill, through the allocations' bill index: grouping every allocation first costs more.
  const allocated = sql<number>`coalesce((select sum(pa.amount) from payment_allocations pa inner join payments p on p.id = pa.payment_id where pa.bill_id = b.id and p.pay_date <= ${asof}), 0)`;
  // Advances adjusted against the bill (issue 46) settle it from its date, as money already received.
  const adjusted = sql<number>`coalesce((select sum(aa.amount) from advance_adjustments aa inner join bills v on v.id = aa.advance_id where aa.invoice_id = b.id and v.deleted_at is null and aa.adjust_date <= ${asof}), 0)`;
  // A bill of a client not saved (none should be) falls due after the unit's default credit days.
  const clientDays = sql<number>`coalesce(t.credit_days, ${sql.lit(defaultCreditDays)})`;
  return db
    .with(
      (cte) => cte('terms').materialized(),
      (qb) => {
        const terms = qb.selectFrom('clients as c').select(['c.name_key', 'c.name', creditDays.as('credit_days')]);
        return clientKey === undefined ? terms : terms.where('c.name_key', '=', clientKey);
      },
    )
    .with(
      (cte) => cte('o').materialized(),
      (qb) => {
        let bills = qb
          .selectFrom('bills as b')
          .leftJoin(notes.as('n'), (join) => join.onRef('n.against_type', '=', 'b.type').onRef('n.against_fy', '=', 'b.fy').onRef('n.against_billno', '=', 'b.billno'))
          .leftJoin('terms as t', 't.name_key', 'b.client_key')
          .select([
            'b.id',
            'b.type',
            'b.fy',
            'b.billno',
            // Only the bills due this week print it: the receivables' covering index (migration 0024) lacks it, and
            // reading it would open every bill's row (100,000 bills: 250 ms became 300).
            printedNo ? sql<string | null>`b.printed_no`.as('printed_no') : sql<string | null>`null`.as('printed_no'),
            'b.client_key',
            'b.client_name',
            't.name',
            'b.bill_date',
            sql<number>`coalesce(b.grand_total, 0) + coalesce(n.moved, 0) - ${allocated} - ${adjusted}`.as('balance'),
            clientDays.as('credit_days'),
            // Days past due: days since the bill less the client's credit days.
            sql<number>`${daysTo(dialect, asof, sql<string>`b.bill_date`)} - ${clientDays}`.as('late'),
          ])
          .where('b.unit', '=', unit)
          .where('b.deleted_at', 'is', null)
          .where('b.type', 'in', types)
          .where(datedBy);
        if (clientKey !== undefined) bills = bills.where('b.client_key', '=', clientKey);
        return bills;
      },
    );
}

/**
 * The receivables of a unit as of a day (issue 29): every live sales bill dated by then, less the payments dated
 * by then allocated to it, plus or minus its live notes, aged by its due date (bill date + the client's credit
 * days). Summed per client in the database, over the bills index made for it (migration 0024), so 100,000 bills
 * come back as one row per owing client.
 */
export async function receivablesOf(
  db: Db,
  dialect: SqlDialect,
  registry: Registry,
  unit: string,
  asof: string,
  clientKey?: string,
  defaultCreditDays = 0,
): Promise<ClientReceivable[]> {
  const owed = await owedBills(db, dialect, registry, unit, asof, clientKey, defaultCreditDays);
  if (!owed) return [];
  // What each ageing bucket holds (core's ageing limits: the first has no floor, the last no ceiling).
  const bucketSum = (i: number) => {
    const above = AGEING_LIMITS[i - 1]?.upTo;
    const upTo = AGEING_LIMITS[i]?.upTo;
    const within = [...(above === undefined ? [] : [sql`o.late > ${sql.lit(above)}`]), ...(upTo === undefined ? [] : [sql`o.late <= ${sql.lit(upTo)}`])];
    return sql<number | string>`sum(case when ${sql.join(within, sql` and `)} then o.balance else 0 end)`;
  };
  const rows = await owed
    .selectFrom('o')
    .select([
      'o.client_key',
      sql<string | null>`max(o.name)`.as('name'),
      sql<string>`min(o.client_name)`.as('client_name'),
      sql<number | string>`sum(o.balance)`.as('outstanding'),
      ...AGEING_BUCKETS.map((bucket, i) => bucketSum(i).as(bucket)),
      sql<string>`min(o.bill_date)`.as('oldest'),
      sql<number>`min(o.credit_days)`.as('credit_days'),
    ])
    .where('o.balance', '>', 0)
    .groupBy('o.client_key')
    .execute();
  const receivables = new Map<string, ClientReceivable>();
  for (const row of rows) {
    const key = row.client_key ?? '';
    const ageing = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, Number(row[bucket])])) as Ageing;
    const oldestDue = addDays(row.oldest, Number(row.credit_days));
    receivables.set(key, { clientName: row.name ?? row.client_name, clientKey: key, outstanding: Number(row.outstanding), ageing, oldestDue, onAccount: 0 });
  }
  await addOnAccount(db, registry, unit, asof, receivables, clientKey);
  return [...receivables.values()].sort(byMostOwed);
}

/**
 * Each client's money on account by `asof`, from one unit, by name key (whole paise): what of its payments (money and TDS) no bill
 * took, and its live receipt documents (a kind of money on account, document-kind.ts), which settle no bill.
 */
export async function onAccountByClient(db: Db, registry: Registry, unit: string, asof: string, clientKey?: string): Promise<Map<string, number>> {
  const used = sql`coalesce((select sum(pa.amount) from payment_allocations pa where pa.payment_id = p.id), 0)`;
  let payments = db
    .selectFrom('payments as p')
    .select(['p.client_key', sql<number | string>`sum(p.amount + p.tds_amount - ${used})`.as('free')])
    .where('p.unit', '=', unit)
    .where('p.deleted_at', 'is', null)
    .where('p.pay_date', '<=', asof)
    .groupBy('p.client_key');
  if (clientKey !== undefined) payments = payments.where('p.client_key', '=', clientKey);
  const receiptTypes = registry.billTypes.filter((billType) => billType.unit === unit && isMoneyOnAccount(billType.kind)).map((billType) => billType.type);
  const adjustedAway = sql<number>`coalesce((select sum(aa.amount) from advance_adjustments aa inner join bills i on i.id = aa.invoice_id where aa.advance_id = b.id and i.deleted_at is null and aa.adjust_date <= ${asof}), 0)`;
  // And what refund vouchers returned of it: that money went back to the client.
  const refundedAway = sql<number>`coalesce((select sum(rb.grand_total) from advance_refunds ar inner join bills rb on rb.id = ar.refund_id where ar.advance_id = b.id and rb.deleted_at is null and rb.bill_date <= ${asof}), 0)`;
  const receipts = () => {
    const query = db
      .selectFrom('bills as b')
      // Less what invoices took of it (an adjusted advance, issue 46): that money now settles a bill; less refunds.
      .select(['b.client_key', sql<number | string>`sum(coalesce(b.grand_total, 0) - ${adjustedAway} - ${refundedAway})`.as('free')])
      .where('b.unit', '=', unit)
      .where('b.type', 'in', receiptTypes)
      .where('b.deleted_at', 'is', null)
      .where('b.bill_date', '<=', asof)
      .groupBy('b.client_key');
    return (clientKey === undefined ? query : query.where('b.client_key', '=', clientKey)).execute();
  };
  const rows = [...(await payments.execute()), ...(receiptTypes.length > 0 ? await receipts() : [])];
  const onAccount = new Map<string, number>();
  for (const row of rows) {
    if (row.client_key !== null) onAccount.set(row.client_key, (onAccount.get(row.client_key) ?? 0) + Math.max(0, Number(row.free)));
  }
  return onAccount;
}

/** Each owing client's money on account (onAccountByClient). */
async function addOnAccount(db: Db, registry: Registry, unit: string, asof: string, receivables: Map<string, ClientReceivable>, clientKey?: string): Promise<void> {
  for (const [key, amount] of await onAccountByClient(db, registry, unit, asof, clientKey)) {
    const client = receivables.get(key);
    if (client) client.onAccount = amount;
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

/** A bill with a balance falling due soon (the Today screen's "Due this week"), amounts in whole paise. */
export interface DueBill {
  type: string;
  /** The financial year the bill is numbered in (2026 for 2026-27). */
  fy: number;
  billno: number;
  printedNo: string;
  clientName: string;
  billDate: string;
  dueDate: string;
  balance: number;
}

/**
 * The unit's sales bills with a balance as of `asof` that fall due within `days` days from it (`asof` included),
 * soonest first: the same balances and due dates as the receivables.
 */
export async function dueWithinOf(db: Db, dialect: SqlDialect, registry: Registry, unit: string, asof: string, days: number, defaultCreditDays = 0): Promise<DueBill[]> {
  const owed = await owedBills(db, dialect, registry, unit, asof, undefined, defaultCreditDays, true);
  if (!owed) return [];
  const rows = await owed
    .selectFrom('o')
    .select(['o.type', 'o.fy', 'o.billno', 'o.printed_no', 'o.name', 'o.client_name', 'o.bill_date', 'o.balance', 'o.credit_days', 'o.late'])
    .where('o.balance', '>', 0)
    // `late` is the days past due: from due today (0) back to due in `days - 1` days.
    .where('o.late', '<=', 0)
    .where('o.late', '>', -days)
    .execute();
  return rows
    .map((row) => ({
      type: row.type,
      fy: Number(row.fy),
      billno: Number(row.billno),
      printedNo: row.printed_no ?? String(row.billno),
      clientName: row.name ?? row.client_name,
      billDate: row.bill_date,
      dueDate: addDays(row.bill_date, Number(row.credit_days)),
      balance: Number(row.balance),
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || b.balance - a.balance);
}
