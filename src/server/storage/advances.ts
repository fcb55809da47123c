import type { Transaction } from 'kysely';
import { clientNameKey, financialYearOf, isMoneyOnAccount, localIsoDay, rupees, toPaise, type BillFigures, type BillType, type Registry } from '../../engine/core';
import { writeAudit } from './audit';
import type { BillKey } from './bills';
import { inChunks, notesAgainst } from './bill-balances';
import { filedUpTo } from './period-locks';
import type { Db, SqlDialect, Tables } from './tables';

type Reader = Db | Transaction<Tables>;

/** A bill as a call names it: its type, number and (optionally) financial year. */
export interface AdvanceBillRef {
  billtype: string;
  billno: number;
  fy?: number;
}

export interface AdjustInput {
  invoice: AdvanceBillRef;
  /** Whole paise each. */
  advances: { ref: AdvanceBillRef; amount: number }[];
}

/** One adjustment, from either side: the other document and the amount (whole paise). */
export interface AdvanceLink {
  billtype: string;
  billno: number;
  fy: number;
  printedNo: string;
  date: string;
  amount: number;
}

/** A receipt voucher with what became of its money (whole paise). */
export interface StoredAdvance {
  id: number;
  billtype: string;
  billno: number;
  fy: number;
  printedNo: string;
  date: string;
  clientName: string;
  amount: number;
  adjusted: number;
  refunded: number;
  open: number;
  adjustments: AdvanceLink[];
  /** The refund vouchers that returned money of it (amount: each refund's total). */
  refunds: AdvanceLink[];
}

/** A settled share of an advance dated on a day (GSTR-1 `at` and `txpd`), whole paise. */
export interface AdvanceSettlementRow {
  advanceId: number;
  amount: number;
  date: string;
}

export type AdjustResult = { ok: true; invoice: string; adjusted: number } | { ok: false; msg: string };

/** A refusal found inside the transaction: thrown to roll it back, answered as 400 `{msg}`. */
class AdjustRefused extends Error {}

/** A refund refused inside the bill's transaction (more than the advance has open, the advance gone): 400 `{msg}`. */
export class RefundRefusedError extends Error {}

/** What a refund's save stores beside it: the advance it returns money of. */
export interface RefundWrite {
  advanceId: number;
  /** How messages name the advance ("Receipt Voucher RV/1"). */
  advanceName: string;
}

/** The id of a live (not deleted) bill, or undefined. */
async function liveBillId(reader: Reader, key: BillKey): Promise<number | undefined> {
  const row = await reader
    .selectFrom('bills')
    .select('id')
    .where('unit', '=', key.unit)
    .where('type', '=', key.type)
    .where('fy', '=', key.fy)
    .where('billno', '=', key.billno)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** What each advance's live refunds returned (whole paise), leaving out one refund (the one being written). */
async function refundedOf(reader: Reader, advanceIds: readonly number[], exceptRefund?: number): Promise<Map<number, number>> {
  const rows = await inChunks(advanceIds, (chunk) => {
    let query = reader
      .selectFrom('advance_refunds as r')
      .innerJoin('bills as rb', 'rb.id', 'r.refund_id')
      .select((eb) => ['r.advance_id', eb.fn.sum<number | string>('rb.grand_total').as('refunded')])
      .where('r.advance_id', 'in', chunk)
      .where('rb.deleted_at', 'is', null)
      .groupBy('r.advance_id');
    if (exceptRefund !== undefined) query = query.where('r.refund_id', '!=', exceptRefund);
    return query.execute();
  });
  return new Map(rows.map((row) => [Number(row.advance_id), Number(row.refunded)]));
}

/** What of an advance other invoices took (leaving out one invoice's own), whole paise. */
async function adjustedOf(reader: Reader, advanceIds: readonly number[], exceptInvoice?: number): Promise<Map<number, number>> {
  const rows = await inChunks(advanceIds, (chunk) => {
    let query = reader
      .selectFrom('advance_adjustments as a')
      .innerJoin('bills as i', 'i.id', 'a.invoice_id')
      .select((eb) => ['a.advance_id', eb.fn.sum<number | string>('a.amount').as('adjusted')])
      .where('a.advance_id', 'in', chunk)
      .where('i.deleted_at', 'is', null)
      .groupBy('a.advance_id');
    if (exceptInvoice !== undefined) query = query.where('a.invoice_id', '!=', exceptInvoice);
    return query.execute();
  });
  return new Map(rows.map((row) => [Number(row.advance_id), Number(row.adjusted)]));
}

/**
 * A refund's link to its advance, written in the refund's own transaction: the advance is locked (PostgreSQL) and its
 * open amount (its total less what invoices took and other refunds returned) must cover the refund's total.
 */
export async function writeRefund(trx: Transaction<Tables>, dialect: SqlDialect, refundId: number, write: RefundWrite, figures: BillFigures): Promise<void> {
  let query = trx.selectFrom('bills').select(['id', 'grand_total']).where('id', '=', write.advanceId).where('deleted_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  const advance = await query.executeTakeFirst();
  if (!advance) throw new RefundRefusedError(`${write.advanceName} not found (a refund returns money of a live advance).`);
  const [adjusted, refunded] = await Promise.all([adjustedOf(trx, [write.advanceId]), refundedOf(trx, [write.advanceId], refundId)]);
  const open = Number(advance.grand_total ?? 0) - (adjusted.get(write.advanceId) ?? 0) - (refunded.get(write.advanceId) ?? 0);
  const amount = toPaise(figures.grandTotal);
  if (amount > open) throw new RefundRefusedError(`${write.advanceName} has only ${rupees(Math.max(open, 0))} open to refund, less than the ${rupees(amount)} of this refund.`);
  await trx.deleteFrom('advance_refunds').where('refund_id', '=', refundId).execute();
  const unit = await trx.selectFrom('bills').select('unit').where('id', '=', refundId).executeTakeFirstOrThrow();
  await trx.insertInto('advance_refunds').values({ unit: unit.unit, refund_id: refundId, advance_id: write.advanceId }).execute();
}

interface BillRow {
  id: number;
  type: string;
  fy: number;
  billno: number;
  printedNo: string;
  date: string;
  clientKey: string;
  clientName: string;
  total: number;
  name: string;
  billType: BillType;
}

/**
 * Advances adjusted against invoices (issue 46 item 2). Saving replaces an invoice's adjustments in one transaction
 * with its audit row; the bills are locked first (PostgreSQL: FOR UPDATE in id order), so two adjustments racing for
 * an advance's last rupees never both land. Only live bills count: a deleted invoice or voucher frees the money.
 */
export function advanceStore(db: Db, dialect: SqlDialect, registryOf: () => Registry) {
  async function billOf(trx: Reader, unit: string, ref: AdvanceBillRef, isWanted: (billType: BillType) => boolean, wanted: string): Promise<BillRow> {
    const billType = registryOf().byType(ref.billtype);
    if (!billType || billType.unit !== unit) throw new AdjustRefused(`${ref.billtype} is not a bill type of this unit.`);
    const label = (no: string | number) => `${billType.menuLabel} ${no}`;
    if (!isWanted(billType)) throw new AdjustRefused(`${label(ref.billno)} is not ${wanted}.`);
    let query = trx
      .selectFrom('bills')
      .select(['id', 'fy', 'billno', 'printed_no', 'bill_date', 'client_key', 'client_name', 'grand_total'])
      .where('unit', '=', unit)
      .where('type', '=', billType.type)
      .where('billno', '=', ref.billno)
      .where('deleted_at', 'is', null);
    if (ref.fy !== undefined) query = query.where('fy', '=', ref.fy);
    const rows = await query.execute();
    const row = rows.length === 1 ? rows[0] : rows.find((candidate) => Number(candidate.fy) === financialYearOf(localIsoDay()));
    if (!row) throw new AdjustRefused(`${label(ref.billno)} not found.`);
    const printedNo = row.printed_no ?? String(row.billno);
    return {
      id: Number(row.id),
      type: billType.type,
      fy: Number(row.fy),
      billno: Number(row.billno),
      printedNo,
      date: row.bill_date,
      clientKey: row.client_key ?? '',
      clientName: row.client_name,
      total: Number(row.grand_total ?? 0),
      name: label(printedNo),
      billType,
    };
  }

  /** The payments allocated to an invoice (whole paise): with its notes, what the advances may still settle. */
  async function paidBy(trx: Reader, invoiceId: number): Promise<number> {
    const row = await trx
      .selectFrom('payment_allocations')
      .select((eb) => eb.fn.sum<number | string>('amount').as('paid'))
      .where('bill_id', '=', invoiceId)
      .executeTakeFirst();
    return Number(row?.paid ?? 0);
  }

  /** The links of bills to the other side (invoice -> its advances, advance -> its invoices), live bills only. */
  async function linksOf(reader: Reader, ids: readonly number[], side: 'invoice' | 'advance'): Promise<Map<number, AdvanceLink[]>> {
    const [mine, other] = side === 'invoice' ? (['a.invoice_id', 'a.advance_id'] as const) : (['a.advance_id', 'a.invoice_id'] as const);
    const rows = await inChunks(ids, (chunk) =>
      reader
        .selectFrom('advance_adjustments as a')
        .innerJoin('bills as b', 'b.id', other)
        .innerJoin('bills as me', 'me.id', mine)
        .select([`${mine} as mine`, 'b.type', 'b.fy', 'b.billno', 'b.printed_no', 'b.bill_date', 'a.amount'])
        .where(mine, 'in', chunk)
        .where('b.deleted_at', 'is', null)
        .where('me.deleted_at', 'is', null)
        .orderBy('b.bill_date')
        .orderBy('b.billno')
        .execute(),
    );
    const links = new Map<number, AdvanceLink[]>();
    for (const row of rows) {
      const list = links.get(Number(row.mine)) ?? [];
      list.push({ billtype: row.type, billno: Number(row.billno), fy: Number(row.fy), printedNo: row.printed_no ?? String(row.billno), date: row.bill_date, amount: Number(row.amount) });
      links.set(Number(row.mine), list);
    }
    return links;
  }

  /** Each advance's live refund vouchers, as links. */
  async function refundsOf(reader: Reader, ids: readonly number[]): Promise<Map<number, AdvanceLink[]>> {
    const rows = await inChunks(ids, (chunk) =>
      reader
        .selectFrom('advance_refunds as r')
        .innerJoin('bills as b', 'b.id', 'r.refund_id')
        .select(['r.advance_id', 'b.type', 'b.fy', 'b.billno', 'b.printed_no', 'b.bill_date', 'b.grand_total'])
        .where('r.advance_id', 'in', chunk)
        .where('b.deleted_at', 'is', null)
        .orderBy('b.bill_date')
        .orderBy('b.billno')
        .execute(),
    );
    const links = new Map<number, AdvanceLink[]>();
    for (const row of rows) {
      const list = links.get(Number(row.advance_id)) ?? [];
      list.push({ billtype: row.type, billno: Number(row.billno), fy: Number(row.fy), printedNo: row.printed_no ?? String(row.billno), date: row.bill_date, amount: Number(row.grand_total ?? 0) });
      links.set(Number(row.advance_id), list);
    }
    return links;
  }

  async function replace(trx: Transaction<Tables>, unit: string, input: AdjustInput, operator: string) {
    const invoice = await billOf(trx, unit, input.invoice, (b) => b.countsAsSales, 'a sales bill: advances are adjusted against sales bills only');
    const upto = await filedUpTo(trx, unit);
    if (upto && invoice.date <= upto) {
      throw new AdjustRefused(`${invoice.name} is dated ${invoice.date}, in a period whose GSTR-1 is filed (up to ${upto}): its advances cannot be changed.`);
    }
    const advances: { advance: BillRow; amount: number }[] = [];
    for (const { ref, amount } of input.advances) {
      const advance = await billOf(trx, unit, ref, (b) => b.tax && isMoneyOnAccount(b.kind), 'a receipt voucher (an advance received)');
      if (advance.clientKey !== invoice.clientKey) {
        throw new AdjustRefused(`${advance.name} is ${advance.clientName}'s, not ${invoice.clientName}'s: an advance is adjusted against its own client's invoice.`);
      }
      if (advance.date > invoice.date) throw new AdjustRefused(`${advance.name} is dated ${advance.date}, after ${invoice.name} (${invoice.date}).`);
      if (advances.some((other) => other.advance.id === advance.id)) throw new AdjustRefused(`${advance.name} is named twice.`);
      advances.push({ advance, amount });
    }
    const ids = [invoice.id, ...advances.map(({ advance }) => advance.id)].sort((a, b) => a - b);
    // Locked before the sums are read, so an adjustment or payment committed meanwhile is counted.
    if (dialect === 'postgres') await trx.selectFrom('bills').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    const advanceIds = advances.map(({ advance }) => advance.id);
    const [taken, refunded] = await Promise.all([adjustedOf(trx, advanceIds, invoice.id), refundedOf(trx, advanceIds)]);
    for (const { advance, amount } of advances) {
      const open = advance.total - (taken.get(advance.id) ?? 0) - (refunded.get(advance.id) ?? 0);
      if (amount > open) throw new AdjustRefused(`${advance.name} has only ${rupees(Math.max(open, 0))} open, less than the ${rupees(amount)} asked.`);
    }
    const note = (await notesAgainst(trx, [invoice.id])).get(invoice.id);
    const balance = invoice.total - (note?.credited ?? 0) + (note?.debited ?? 0) - (await paidBy(trx, invoice.id));
    const asked = advances.reduce((sum, { amount }) => sum + amount, 0);
    if (asked > balance) throw new AdjustRefused(`${invoice.name} has only ${rupees(Math.max(balance, 0))} left to pay, less than the ${rupees(asked)} of advances.`);

    const before = (await linksOf(trx, [invoice.id], 'invoice')).get(invoice.id) ?? [];
    await trx.deleteFrom('advance_adjustments').where('invoice_id', '=', invoice.id).execute();
    const at = new Date().toISOString();
    if (advances.length > 0) {
      await trx
        .insertInto('advance_adjustments')
        .values(advances.map(({ advance, amount }) => ({ unit, invoice_id: invoice.id, advance_id: advance.id, amount, adjust_date: invoice.date, created_at: at, created_by: operator })))
        .execute();
    }
    const after = (await linksOf(trx, [invoice.id], 'invoice')).get(invoice.id) ?? [];
    await writeAudit(trx, 'adjust', operator, { unit, type: invoice.type, billno: invoice.billno }, { fy: invoice.fy, advances: before }, { fy: invoice.fy, advances: after });
    return { ok: true as const, invoice: invoice.name, adjusted: asked };
  }

  return {
    /** Replaces the invoice's adjustments with `input.advances` (an empty list clears them). */
    async adjust(unit: string, input: AdjustInput, operator: string): Promise<AdjustResult> {
      try {
        return await db.transaction().execute((trx) => replace(trx, unit, input, operator));
      } catch (error) {
        if (error instanceof AdjustRefused) return { ok: false, msg: error.message };
        throw error;
      }
    },

    /** The unit's receipt vouchers (a client's, the open ones only), each with what was adjusted and what is open. */
    async list(unit: string, query: { clientName?: string; open?: boolean }): Promise<StoredAdvance[]> {
      const types = registryOf().billTypes.filter((b) => b.unit === unit && b.tax && isMoneyOnAccount(b.kind)).map((b) => b.type);
      if (types.length === 0) return [];
      let select = db
        .selectFrom('bills')
        .select(['id', 'type', 'fy', 'billno', 'printed_no', 'bill_date', 'client_name', 'grand_total'])
        .where('unit', '=', unit)
        .where('type', 'in', types)
        .where('deleted_at', 'is', null)
        .orderBy('bill_date')
        .orderBy('billno');
      if (query.clientName !== undefined) select = select.where('client_key', '=', clientNameKey(query.clientName));
      const rows = await select.execute();
      const ids = rows.map((row) => Number(row.id));
      const [links, refundLinks] = await Promise.all([linksOf(db, ids, 'advance'), refundsOf(db, ids)]);
      const advances = rows.map((row): StoredAdvance => {
        const adjustments = links.get(Number(row.id)) ?? [];
        const refunds = refundLinks.get(Number(row.id)) ?? [];
        const adjusted = adjustments.reduce((sum, link) => sum + link.amount, 0);
        const refunded = refunds.reduce((sum, link) => sum + link.amount, 0);
        const amount = Number(row.grand_total ?? 0);
        return {
          id: Number(row.id),
          billtype: row.type,
          billno: Number(row.billno),
          fy: Number(row.fy),
          printedNo: row.printed_no ?? String(row.billno),
          date: row.bill_date,
          clientName: row.client_name,
          amount,
          adjusted,
          refunded,
          open: amount - adjusted - refunded,
          adjustments,
          refunds,
        };
      });
      return query.open ? advances.filter((advance) => advance.open > 0) : advances;
    },

    /** The other side's documents of a bill (an invoice's advances, an advance's invoices): getbill shows them. */
    async linksOf(key: BillKey, side: 'invoice' | 'advance'): Promise<AdvanceLink[]> {
      const id = await liveBillId(db, key);
      return id === undefined ? [] : ((await linksOf(db, [id], side)).get(id) ?? []);
    },

    /** The live invoices an advance was adjusted against and its live refund vouchers: what deleting it would undo. */
    async usedBy(key: BillKey): Promise<AdvanceLink[]> {
      const id = await liveBillId(db, key);
      if (id === undefined) return [];
      return [...((await linksOf(db, [id], 'advance')).get(id) ?? []), ...((await refundsOf(db, [id])).get(id) ?? [])];
    },

    /** What of a unit's live advances live invoices took and live refunds returned, dated within a period (GSTR-1). */
    async settledIn(unit: string, from: string, to: string): Promise<AdvanceSettlementRow[]> {
      const rows = await db
        .selectFrom('advance_adjustments as a')
        .innerJoin('bills as i', 'i.id', 'a.invoice_id')
        .innerJoin('bills as v', 'v.id', 'a.advance_id')
        .select(['a.advance_id', 'a.amount', 'a.adjust_date'])
        .where('a.unit', '=', unit)
        .where('a.adjust_date', '>=', from)
        .where('a.adjust_date', '<=', to)
        .where('i.deleted_at', 'is', null)
        .where('v.deleted_at', 'is', null)
        .execute();
      const refunds = await db
        .selectFrom('advance_refunds as r')
        .innerJoin('bills as rb', 'rb.id', 'r.refund_id')
        .innerJoin('bills as v', 'v.id', 'r.advance_id')
        .select(['r.advance_id', 'rb.grand_total', 'rb.bill_date'])
        .where('r.unit', '=', unit)
        .where('rb.bill_date', '>=', from)
        .where('rb.bill_date', '<=', to)
        .where('rb.deleted_at', 'is', null)
        .where('v.deleted_at', 'is', null)
        .execute();
      return [
        ...rows.map((row) => ({ advanceId: Number(row.advance_id), amount: Number(row.amount), date: row.adjust_date })),
        ...refunds.map((row) => ({ advanceId: Number(row.advance_id), amount: Number(row.grand_total ?? 0), date: row.bill_date })),
      ];
    },

    /** A live bill's row id, or undefined. */
    async liveIdOf(key: BillKey): Promise<number | undefined> {
      return liveBillId(db, key);
    },

    /** The advance a refund returns money of (its live or cancelled row), or undefined for a bill that is no refund. */
    async advanceOfRefund(refund: BillKey): Promise<{ type: string; fy: number; billno: number; printedNo: string; date: string } | undefined> {
      const row = await db
        .selectFrom('advance_refunds as r')
        .innerJoin('bills as rb', 'rb.id', 'r.refund_id')
        .innerJoin('bills as v', 'v.id', 'r.advance_id')
        .select(['v.type', 'v.fy', 'v.billno', 'v.printed_no', 'v.bill_date'])
        .where('rb.unit', '=', refund.unit)
        .where('rb.type', '=', refund.type)
        .where('rb.fy', '=', refund.fy)
        .where('rb.billno', '=', refund.billno)
        .executeTakeFirst();
      return row && { type: row.type, fy: Number(row.fy), billno: Number(row.billno), printedNo: row.printed_no ?? String(row.billno), date: row.bill_date };
    },
  };
}

export type AdvanceStore = ReturnType<typeof advanceStore>;
