import { sql, type Selectable, type Transaction } from 'kysely';
import {
  billBalance,
  clientNameKey,
  creditDaysOf,
  financialYearOf,
  formatSeries,
  paymentMessage,
  rupees,
  tdsMessage,
  type BillType,
  type PaymentInput,
  type PaymentMessage,
  localIsoDay,
  type PaymentsSpec,
  type Registry,
} from '../../engine/core';
import { AUDITED_RECORDS, writeAudit } from './audit';
import { allocatedTo, balancesOf, inChunks, notesAgainst, type BalanceSource } from './bill-balances';
import { receivablesKeeper } from './kept-receivables';
import { clientsMovedBy } from './receivable-changes';
import { dueWithinOf, overdueBillsOf, receivablesOf } from './receivables';
import { salesOfDay } from './sales-of-day';
import { statementOf } from './statement';
import { tdsReportOf } from './tds-report';
import type { Db, SqlDialect, Tables } from './tables';

/** A bill a payment settles, as stored and answered. */
export interface StoredAllocation {
  billId: number;
  billtype: string;
  billno: number;
  fy: number;
  printedNo: string;
  billDate: string;
  /** The bill's grand total, whole paise. */
  billTotal: number;
  /** Whole paise. */
  amount: number;
}

/** A payment as stored: amounts in whole paise. */
export interface StoredPayment {
  id: number;
  unit: string;
  fy: number;
  receiptNo: number;
  printedNo: string;
  clientName: string;
  date: string;
  amount: number;
  mode: string;
  reference: string;
  notes: string;
  allocations: StoredAllocation[];
  /** Income tax the client deducted (issue 46), whole paise: it settles bills as money received does. */
  tds: { section: string; amount: number } | null;
  /** What no bill took of the money and the TDS: on account. */
  unallocated: number;
}

export interface PaymentQuery {
  clientName?: string;
  from?: string;
  to?: string;
}

export type PaymentSaveResult =
  | { ok: true; id: number; printedNo: string }
  | { ok: false; status: 400 | 404; msg: string; confirm?: 'tds' };

/**
 * Refusals found inside the transaction: thrown to roll it back, answered as 400/404. `confirm` marks one the
 * operator may overrule by sending the payment again confirmed (a TDS above the usual share).
 */
class PaymentRefused extends Error {
  constructor(readonly status: 400 | 404, msg: string, readonly confirm?: 'tds') {
    super(msg);
  }
}

const now = () => new Date().toISOString();

type PaymentRow = Selectable<Tables['payments']>;
type Reader = Db | Transaction<Tables>;

/**
 * Payments received and their allocations (issue 29). A save is one transaction with its audit row: the bills it
 * settles are locked (PostgreSQL: FOR UPDATE, in id order; SQLite has one writer), their balances read inside it,
 * so two payments racing for a bill's last rupees never both land. Deleting marks the payment and frees its bills.
 */
export function paymentStore(db: Db, dialect: SqlDialect, registryOf: () => Registry) {
  const specOf = (): PaymentsSpec => {
    const spec = registryOf().payments;
    if (!spec) throw new Error('payments.json is not declared');
    return spec;
  };
  const keptReceivables = receivablesKeeper(db, dialect, (unit, writes) => clientsMovedBy(registryOf(), unit, writes));
  /** The unit's default credit days (its business profile's `creditdays`): a client's own credit days come first. */
  async function unitCreditDays(unit: string): Promise<number> {
    const row = await db.selectFrom('business_profiles').select('profile').where('unit', '=', unit).executeTakeFirst();
    return row ? creditDaysOf((JSON.parse(row.profile) as Record<string, unknown>).creditdays, 0) : 0;
  }
  const refuse = (status: 400 | 404, key: PaymentMessage, values?: Record<string, string>) =>
    new PaymentRefused(status, paymentMessage(specOf(), key, values));

  /** The bill an allocation names; refused when it is not a live sales bill of this unit and client. */
  async function settledBill(trx: Transaction<Tables>, unit: string, clientKey: string, clientName: string, allocation: PaymentInput['allocations'][number]) {
    const billType: BillType | undefined = registryOf().byType(allocation.billtype);
    if (!billType || billType.unit !== unit) throw refuse(400, 'allocation');
    const label = (no: string | number) => `${billType.menuLabel} ${no}`;
    if (!billType.countsAsSales) throw refuse(400, 'notSales', { bill: label(allocation.billno) });
    const fy = allocation.fy;
    let query = trx
      .selectFrom('bills')
      .select(['id', 'fy', 'billno', 'printed_no', 'bill_date', 'client_key', 'client_name', 'taxable', 'grand_total', 'deleted_at'])
      .where('unit', '=', unit)
      .where('type', '=', billType.type)
      .where('billno', '=', allocation.billno);
    if (fy !== undefined) query = query.where('fy', '=', fy);
    const rows = await query.execute();
    const live = rows.filter((row) => row.deleted_at === null);
    const row = live.length === 1 ? live[0] : live.find((candidate) => Number(candidate.fy) === financialYearOf(localIsoDay()));
    if (!row) {
      if (rows.length > 0) throw refuse(400, 'cancelled', { bill: label(rows[0].printed_no ?? allocation.billno) });
      throw new PaymentRefused(404, `${label(allocation.billno)} not found.`);
    }
    const name = label(row.printed_no ?? row.billno);
    if (row.client_key !== clientKey) throw refuse(400, 'otherClient', { bill: name, other: row.client_name, client: clientName });
    return { ...row, id: Number(row.id), name, billType };
  }

  async function write(trx: Transaction<Tables>, unit: string, payment: PaymentInput, operator: string, id?: number) {
    const clientKey = clientNameKey(payment.clientName);
    const client = await trx.selectFrom('clients').select('name').where('name_key', '=', clientKey).executeTakeFirst();
    if (!client) throw refuse(400, 'clientMissing', { client: payment.clientName });
    const before = id === undefined ? undefined : await findIn(trx, unit, id, true);
    if (id !== undefined && !before) throw refuse(404, 'missing');
    const bills = [];
    for (const allocation of payment.allocations) bills.push({ allocation, bill: await settledBill(trx, unit, clientKey, client.name, allocation) });
    const ids = bills.map(({ bill }) => bill.id);
    const twice = bills.find(({ bill }, i) => ids.indexOf(bill.id) !== i);
    if (twice) throw refuse(400, 'twice', { bill: twice.bill.name });
    // The bills' rows locked in id order (in the call's order two payments naming the same bills could deadlock);
    // their allocations are read after the locks, so a payment that committed meanwhile is counted.
    if (dialect === 'postgres' && ids.length > 0) {
      await trx.selectFrom('bills').select('id').where('id', 'in', [...ids].sort((a, b) => a - b)).orderBy('id').forUpdate().execute();
    }
    const [allocated, notes] = await Promise.all([allocatedTo(trx, ids, id), notesAgainst(trx, ids)]);
    for (const { allocation, bill } of bills) {
      const note = notes.get(bill.id);
      const { balance } = billBalance(
        { total: Number(bill.grand_total ?? 0), credited: note?.credited ?? 0, debited: note?.debited ?? 0, allocated: allocated.get(bill.id) ?? 0, billDate: bill.bill_date, creditDays: 0, cancelled: false },
        payment.date,
      );
      if (allocation.amount > balance) throw refuse(400, 'overBalance', { bill: bill.name, balance: rupees(Math.max(balance, 0)) });
    }
    if (payment.tds && !payment.confirmTds) refuseUnusualTds(payment.tds.amount, bills.map(({ bill }) => bill));
    const at = now();
    const values = {
      client_name: client.name,
      client_key: clientKey,
      pay_date: payment.date,
      amount: payment.amount,
      mode: payment.mode,
      reference: payment.reference,
      notes: payment.notes,
      tds_section: payment.tds?.section ?? null,
      tds_amount: payment.tds?.amount ?? 0,
      updated_at: at,
      updated_by: operator,
    };
    let paymentId: number;
    let receipt: { fy: number; receiptNo: number; printedNo: string };
    if (before) {
      paymentId = before.id;
      receipt = before;
      await trx.updateTable('payments').set(values).where('id', '=', paymentId).execute();
      await trx.deleteFrom('payment_allocations').where('payment_id', '=', paymentId).execute();
    } else {
      receipt = await nextReceipt(trx, unit, payment.date);
      const inserted = await trx
        .insertInto('payments')
        .values({ unit, fy: receipt.fy, receipt_no: receipt.receiptNo, printed_no: receipt.printedNo, ...values, created_at: at, created_by: operator })
        .returning('id')
        .executeTakeFirstOrThrow();
      paymentId = Number(inserted.id);
    }
    if (bills.length > 0) {
      await trx
        .insertInto('payment_allocations')
        .values(bills.map(({ allocation, bill }) => ({ payment_id: paymentId, bill_id: bill.id, amount: allocation.amount })))
        .execute();
    }
    const after = await findIn(trx, unit, paymentId);
    await writeAudit(trx, before ? 'update' : 'create', operator, auditKey(unit, receipt.receiptNo), before ?? null, after ?? null);
    return { ok: true as const, id: paymentId, printedNo: receipt.printedNo };
  }

  /**
   * A TDS above the usual share (payments.json `tds.maxPercent`) of the settled bills' value before GST (a bill
   * without GST: its total) is most likely a slip of the keyboard: refused until the operator confirms it.
   */
  function refuseUnusualTds(deducted: number, bills: readonly { taxable: number | string | null; grand_total: number | string | null }[]) {
    const tds = specOf().tds!;
    const value = bills.reduce((total, bill) => total + Number(bill.taxable ?? bill.grand_total ?? 0), 0);
    if (deducted * 100 <= value * tds.maxPercent) return;
    const msg = tdsMessage(tds, 'overShare', { tds: rupees(deducted), percent: String(tds.maxPercent), value: rupees(value) });
    throw new PaymentRefused(400, msg, 'tds');
  }

  /** The next receipt number of the payment date's financial year (receipts of a unit take turns on PostgreSQL). */
  async function nextReceipt(trx: Transaction<Tables>, unit: string, date: string) {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`${unit}/receipts`}))`.execute(trx);
    const fy = financialYearOf(date);
    const row = await trx
      .selectFrom('payments')
      .select((eb) => eb.fn.max('receipt_no').as('highest'))
      .where('unit', '=', unit)
      .where('fy', '=', fy)
      .executeTakeFirst();
    const receiptNo = Number(row?.highest ?? 0) + 1;
    return { fy, receiptNo, printedNo: formatSeries(specOf().series, { n: receiptNo, fy }) };
  }

  async function findIn(reader: Reader, unit: string, id: number, lock = false): Promise<StoredPayment | undefined> {
    let query = reader.selectFrom('payments').selectAll().where('unit', '=', unit).where('id', '=', id).where('deleted_at', 'is', null);
    if (lock && dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && (await withAllocations(reader, [row]))[0];
  }

  return {
    async save(unit: string, payment: PaymentInput, operator: string, id?: number): Promise<PaymentSaveResult> {
      try {
        return await db.transaction().execute((trx) => write(trx, unit, payment, operator, id));
      } catch (error) {
        if (error instanceof PaymentRefused) return { ok: false, status: error.status, msg: error.message, ...(error.confirm && { confirm: error.confirm }) };
        throw error;
      }
    },

    find: (unit: string, id: number) => findIn(db, unit, id),

    /** The balance, due date and status of bills as of a day (core billBalance), by bill id. */
    balances: async (unit: string, bills: readonly BalanceSource[], asof: string) => balancesOf(db, registryOf(), bills, asof, await unitCreditDays(unit)),

    /** What each client owes as of a day, aged (receivables.ts), most owed first; kept until the next write. */
    receivables: async (unit: string, asof: string) => {
      const creditDays = await unitCreditDays(unit);
      return keptReceivables(unit, asof, creditDays, (clientKey) => receivablesOf(db, dialect, registryOf(), unit, asof, clientKey, creditDays));
    },

    /** The sales bills with a balance falling due within `days` days of `asof` (the Today screen). */
    dueWithin: async (unit: string, asof: string, days: number) => dueWithinOf(db, dialect, registryOf(), unit, asof, days, await unitCreditDays(unit)),

    /** The live sales bills of a day: how many, and their total (the Today screen). */
    salesOfDay: (unit: string, day: string) => salesOfDay(db, registryOf(), unit, day),

    /** A client's statement of account between two days (statement.ts); undefined when no such client is saved. */
    statement: async (unit: string, clientName: string, from: string, to: string) => statementOf(db, dialect, registryOf(), unit, clientName, from, to, await unitCreditDays(unit)),

    /** The payments with TDS dated within a period (tds-report.ts). */
    tdsReport: (unit: string, from: string, to: string) => tdsReportOf(db, unit, from, to),

    /** A client's overdue bills as of a day. */
    overdue: async (unit: string, clientName: string, asof: string) => overdueBillsOf(db, registryOf(), unit, clientNameKey(clientName), asof, await unitCreditDays(unit)),

    /** A unit's live payments, by date then receipt number; of one client (any case) and between days when asked. */
    async list(unit: string, query: PaymentQuery = {}): Promise<StoredPayment[]> {
      let select = db.selectFrom('payments').selectAll().where('unit', '=', unit).where('deleted_at', 'is', null);
      if (query.clientName) select = select.where('client_key', '=', clientNameKey(query.clientName));
      if (query.from) select = select.where('pay_date', '>=', query.from);
      if (query.to) select = select.where('pay_date', '<=', query.to);
      const rows = await select.orderBy('pay_date').orderBy('fy').orderBy('receipt_no').execute();
      return withAllocations(db, rows);
    },

    /** Marks a payment deleted and frees the bills it settled (its receipt number stays taken); false when none. */
    async remove(unit: string, id: number, operator: string): Promise<StoredPayment | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await findIn(trx, unit, id, true);
        if (!before) return undefined;
        await trx.deleteFrom('payment_allocations').where('payment_id', '=', id).execute();
        await trx.updateTable('payments').set({ deleted_at: now(), deleted_by: operator }).where('id', '=', id).execute();
        await writeAudit(trx, 'delete', operator, auditKey(unit, before.receiptNo), before, null);
        return before;
      });
    },
  };
}

/** Payments are logged under type `payment` and their receipt number. */
export const auditKey = (unit: string, receiptNo: number) => ({ unit, type: AUDITED_RECORDS.payment, billno: receiptNo });

/** Payments by id, live or not, with their allocations: what their audit rows hold. */
export async function paymentsByIds(reader: Reader, ids: readonly number[]): Promise<StoredPayment[]> {
  const rows = await inChunks(ids, (chunk) => reader.selectFrom('payments').selectAll().where('id', 'in', chunk).orderBy('id').execute());
  return withAllocations(reader, rows);
}

async function withAllocations(reader: Reader, rows: PaymentRow[]): Promise<StoredPayment[]> {
  const allocations = await inChunks(
    rows.map((row) => Number(row.id)),
    (chunk) =>
      reader
        .selectFrom('payment_allocations as a')
        .innerJoin('bills as b', 'b.id', 'a.bill_id')
        .select(['a.payment_id', 'a.bill_id', 'a.amount', 'b.type', 'b.billno', 'b.fy', 'b.printed_no', 'b.bill_date', 'b.grand_total'])
        .where('a.payment_id', 'in', chunk)
        .orderBy('a.id')
        .execute(),
  );
  const byPayment = new Map<number, StoredAllocation[]>();
  for (const allocation of allocations) {
    const paymentId = Number(allocation.payment_id);
    const list = byPayment.get(paymentId) ?? [];
    list.push({
      billId: Number(allocation.bill_id),
      billtype: allocation.type,
      billno: Number(allocation.billno),
      fy: Number(allocation.fy),
      printedNo: allocation.printed_no ?? String(allocation.billno),
      billDate: allocation.bill_date,
      billTotal: Number(allocation.grand_total ?? 0),
      amount: Number(allocation.amount),
    });
    byPayment.set(paymentId, list);
  }
  return rows.map((row) => {
    const own = byPayment.get(Number(row.id)) ?? [];
    const amount = Number(row.amount);
    const tds = row.tds_section === null ? null : { section: row.tds_section, amount: Number(row.tds_amount) };
    return {
      id: Number(row.id),
      unit: row.unit,
      fy: Number(row.fy),
      receiptNo: Number(row.receipt_no),
      printedNo: row.printed_no,
      clientName: row.client_name,
      date: row.pay_date,
      amount,
      mode: row.mode,
      reference: row.reference,
      notes: row.notes,
      allocations: own,
      tds,
      unallocated: amount + (tds?.amount ?? 0) - own.reduce((total, allocation) => total + allocation.amount, 0),
    };
  });
}

export type PaymentStore = ReturnType<typeof paymentStore>;
