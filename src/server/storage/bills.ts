import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { clientNameKey, clientOfBill, financialYearOf, localIsoDay, restartsYearly, type BillFigures, type Registry } from '../../engine/core';
import { writeAudits, type OwedAudit } from './audit';
import { saveClientOfBill } from './clients';
import { upsertCatalogEntries, type CatalogUpsert } from './catalog-upsert';
import { writeBillFigures } from './bill-figures';
import { RECORD_COLUMNS, recordsByIds, toRecord } from './bill-records';
import { recordConversion } from './conversions';
import { isUniqueViolation } from './database';
import { releaseExcess } from './allocation-release';
import { againstOfNote, assertCreditsCovered, writeNote, type NoteWrite } from './notes';
import { writeRefund, type RefundWrite } from './advances';
import { assertOpenReported } from './period-locks';
import { writeContractCycle, type ContractCycleWrite } from './contracts';
import { removeBillStock, writeBillStock, type BillStockWrite } from './stock-bills';
import type { Db, SqlDialect, Tables } from './tables';

/** Identifies a bill: numbers are per (unit, type, financial year). */
export interface BillKey {
  unit: string;
  type: string;
  /** The financial year of its date (2026 for 2026-27). */
  fy: number;
  billno: number;
}

/**
 * Names a bill as a call does: by number, with its year or without. Without one, the only bill of that number
 * (a series that runs on numbers across years), else the one of `defaultFy` (the year of today).
 */
export interface BillRef {
  unit: string;
  type: string;
  billno: number;
  fy?: number;
  /** The year meant when `fy` is not given and the number is in several years; default this one. */
  defaultFy?: number;
}

/** The values of a bill's date and client name fields (x-role billDate, clientName): list columns. */
export interface BillListColumns {
  billDate: string;
  clientName: string;
}

/** A bill as stored: its number, the other header fields, and its rows. */
export interface BillRecord extends BillKey, BillListColumns {
  header: Record<string, unknown>;
  lines: unknown[];
  /** The number as printed (its series filled in when it was created). */
  printedNo: string;
}

/** A row of a bill list: the number, its year and printed form, date and client name. */
export interface BillListRow extends BillListColumns {
  billno: number;
  fy: number;
  printedNo: string;
  /** The grand total in whole paise (null for a bill whose figures are not computed yet). */
  grandTotal?: number | null;
  /** Listed with `withCancelled`: the bill was deleted (cancelled) and keeps its number. */
  cancelled?: boolean;
  /** The bill's row id and client key (what its balance is read by). */
  id?: number;
  clientKey?: string;
}

/** A row of `list`: always with its row id and client key. */
export type ListedBill = BillListRow & { id: number; clientKey: string };

export const LIST_SORTS = ['billno', 'billDate', 'clientName'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export interface ListQuery {
  /** Client name (any part, any case) or exact bill number. */
  search?: string;
  sort?: ListSort;
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
  /** Bills dated from / to these ISO days, both included. */
  from?: string;
  to?: string;
  /** Only the bills of this financial year. */
  fy?: number;
  /** The deleted (cancelled) bills too, marked `cancelled`. */
  withCancelled?: boolean;
}

/**
 * What the server derives from a bill (with its schema) and stores beside it in the bill's own transaction:
 * each is written by its own step module, called from create and update below.
 */
export interface BillExtras {
  /** The lines' products and services, for their saved lists. */
  catalogEntries?: CatalogUpsert[];
  /** The totals its PDF prints (core billFigures): the reports read these. */
  figures?: BillFigures;
  /** A credit or debit note's link to the bill it corrects (notes.ts), checked against that bill's value. */
  note?: NoteWrite;
  /** A contract's cycle this bill raises (issue 47): its row is written with the bill, or neither is. */
  contractCycle?: ContractCycleWrite;
  /** A refund's link to the advance it returns money of (advances.ts), checked against what is open of it. */
  refund?: RefundWrite;
  /** What its stocked goods lines move of the unit's stock (issue 48), checked against what is left. */
  stock?: BillStockWrite;
}

/** The steps that store a bill's extras, inside the transaction that writes the bill (row `billId`). */
async function writeExtras(trx: Transaction<Tables>, dialect: SqlDialect, registry: Registry, billId: number, bill: BillKey, extras: BillExtras): Promise<void> {
  await upsertCatalogEntries(trx, extras.catalogEntries ?? []);
  if (extras.figures) await writeBillFigures(trx, billId, extras.figures);
  if (extras.note && extras.figures) await writeNote(trx, dialect, billId, bill, extras.note, extras.figures);
  if (extras.contractCycle) await writeContractCycle(trx, dialect, billId, extras.contractCycle);
  if (extras.refund && extras.figures) await writeRefund(trx, dialect, billId, extras.refund, extras.figures);
  if (extras.stock) await writeBillStock(trx, dialect, registry, billId, extras.stock);
}

/**
 * After a change of what a live bill is worth (its own edit, a note of it written, deleted or restored), in that
 * change's transaction: its credit notes must still be covered (else NoteRefusedError), and its payments give up what
 * it can no longer take, on account. The payments' audit rows are returned for the change to write last.
 */
export async function settleCorrected(trx: Transaction<Tables>, dialect: SqlDialect, registry: Registry, key: BillKey): Promise<OwedAudit[]> {
  await assertCreditsCovered(trx, dialect, registry, key);
  const bill = await trx.selectFrom('bills').select('id').where(keyOf(key)).where('deleted_at', 'is', null).executeTakeFirst();
  return bill ? releaseExcess(trx, bill.id, false) : [];
}

/** The bill a note corrects, settled after the note's change (settleCorrected); nothing for a bill that is no note. */
export async function settleNoteChange(trx: Transaction<Tables>, dialect: SqlDialect, registry: Registry, note: BillKey): Promise<OwedAudit[]> {
  const against = await againstOfNote(trx, note);
  return against ? settleCorrected(trx, dialect, registry, against) : [];
}

/** `cancelled`: the number is a deleted bill's, which keeps it. */
export type CreateResult = 'created' | 'duplicate' | 'cancelled' | 'source-missing';

function now(): string {
  return new Date().toISOString();
}

type BillRow = Tables['bills'];

/** Client names sort and search without regard to case (the list index is on lower(client_name)). */
const SORT_COLUMNS = {
  billno: sql.ref('billno'),
  billDate: sql.ref('bill_date'),
  clientName: sql`lower(client_name)`,
} satisfies Record<ListSort, unknown>;

export const LIST_COLUMNS = ['billno', 'fy', 'printed_no', 'bill_date', 'client_name'] as const;

export function listRowOf(row: Pick<BillRow, (typeof LIST_COLUMNS)[number]>): BillListRow {
  const billno = Number(row.billno);
  return { billno, fy: Number(row.fy), printedNo: row.printed_no ?? String(billno), billDate: row.bill_date, clientName: row.client_name };
}

/** The condition that picks one bill by its key. */
export const keyOf = (key: BillKey) => (eb: ExpressionBuilder<Tables, 'bills'>) =>
  eb.and([eb('unit', '=', key.unit), eb('type', '=', key.type), eb('fy', '=', key.fy), eb('billno', '=', key.billno)]);

/** The columns written from a record. */
function columnsOf(record: BillRecord) {
  return {
    bill_date: record.billDate,
    client_name: record.clientName,
    client_key: clientNameKey(record.clientName),
    header: JSON.stringify(record.header),
    lines: JSON.stringify(record.lines),
  };
}

type Reader = Transaction<Tables> | Db;

/** The key of the bill a reference names (see BillRef) among the live or the deleted bills, or undefined. */
export async function locateBill(trx: Reader, ref: BillRef, which: 'live' | 'deleted'): Promise<BillKey | undefined> {
  let query = trx
    .selectFrom('bills')
    .select('fy')
    .where('unit', '=', ref.unit)
    .where('type', '=', ref.type)
    .where('billno', '=', ref.billno);
  if (ref.fy !== undefined) query = query.where('fy', '=', ref.fy);
  query = query.where('deleted_at', which === 'live' ? 'is' : 'is not', null);
  const years = (await query.execute()).map((row) => Number(row.fy));
  const defaultFy = ref.defaultFy ?? financialYearOf(localIsoDay());
  const fy = years.length === 1 ? years[0] : years.find((year) => year === defaultFy);
  return fy === undefined ? undefined : { unit: ref.unit, type: ref.type, fy, billno: ref.billno };
}

/**
 * Bills and their audit trail. Every write is one transaction that also writes its audit row;
 * deleting only marks the bill (soft delete), and its number stays taken. A document GSTR-1 reports (a sale, a note,
 * a receipt) dated in a month whose GSTR-1 is filed (period-locks.ts) is neither written nor deleted: PeriodLockedError.
 */
export function billStore(db: Db, dialect: SqlDialect, registryOf: () => Registry) {
  /** Every create and update saves the client it names (clients.json), in the bill's transaction. */
  async function saveClient(trx: Transaction<Tables>, record: BillRecord): Promise<void> {
    const registry = registryOf();
    const billType = registry.byType(record.type);
    const client = billType && clientOfBill(registry.clients, billType, record.header);
    if (client) await saveClientOfBill(trx, client, dialect);
  }

  const assertOpen = (trx: Transaction<Tables>, record: Pick<BillRecord, 'unit' | 'type'>, dates: string[]) =>
    assertOpenReported(trx, registryOf(), record, dates);

  async function findLive(trx: Reader, key: BillKey, lock = false): Promise<BillRecord | undefined> {
    let query = trx
      .selectFrom('bills')
      .select(RECORD_COLUMNS)
      .where(keyOf(key))
      .where('deleted_at', 'is', null);
    // Row locks serialise concurrent updates of one bill on PostgreSQL; SQLite has one writer anyway.
    if (lock && dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toRecord(row);
  }

  /** A live bill by reference, or undefined. */
  async function findRef(trx: Reader, ref: BillRef, lock = false): Promise<BillRecord | undefined> {
    const key = await locateBill(trx, ref, 'live');
    return key && findLive(trx, key, lock);
  }

  /**
   * Is the number taken, by a live or a deleted bill: in its year, or in any year when the type's series runs on
   * across years. Undefined when it is free.
   */
  async function numberTaken(trx: Transaction<Tables>, record: BillRecord, format: string): Promise<'duplicate' | 'cancelled' | undefined> {
    let query = trx
      .selectFrom('bills')
      .select('deleted_at')
      .where('unit', '=', record.unit)
      .where('type', '=', record.type)
      .where('billno', '=', record.billno);
    if (restartsYearly(format)) query = query.where('fy', '=', record.fy);
    const rows = await query.execute();
    if (rows.length === 0) return undefined;
    return rows.some((row) => row.deleted_at === null) ? 'duplicate' : 'cancelled';
  }

  return {
    find: (ref: BillRef) => findRef(db, ref),

    /** Bills by row id (list rows carry it), live and cancelled: bill-records.ts. */
    byIds: (ids: readonly number[]) => recordsByIds(db, ids),

    /** A deleted (cancelled) bill by reference, or undefined. */
    async findCancelled(ref: BillRef): Promise<BillRecord | undefined> {
      const key = await locateBill(db, ref, 'deleted');
      if (!key) return undefined;
      const row = await db.selectFrom('bills').select(RECORD_COLUMNS).where(keyOf(key)).where('deleted_at', 'is not', null).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * The highest number of a type, deleted bills included (0 when none): in year `fy` when its series
     * (`format`) restarts every year, else over every year.
     */
    async highestNumber(unit: string, type: string, fy: number, format: string): Promise<number> {
      let query = db
        .selectFrom('bills')
        .select((eb) => eb.fn.max('billno').as('highest'))
        .where('unit', '=', unit)
        .where('type', '=', type);
      if (restartsYearly(format)) query = query.where('fy', '=', fy);
      const row = await query.executeTakeFirst();
      return Number(row?.highest ?? 0);
    },

    /** Live bills of a type, newest (highest number) first unless sorted otherwise, with the total count. */
    async list(unit: string, type: string, query: ListQuery = {}): Promise<{ rows: ListedBill[]; total: number }> {
      const search = query.search?.trim();
      let base = db
        .selectFrom('bills')
        .where('unit', '=', unit)
        .where('type', '=', type);
      if (!query.withCancelled) base = base.where('deleted_at', 'is', null);
      if (query.fy !== undefined) base = base.where('fy', '=', query.fy);
      if (search) {
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const byName = sql<boolean>`lower(client_name) like ${pattern} escape '\\'`;
        const byPrinted = sql<boolean>`lower(printed_no) = ${search.toLowerCase()}`;
        base = /^\d{1,9}$/.test(search)
          ? base.where((eb) => eb.or([byName, byPrinted, eb('billno', '=', Number(search))]))
          : base.where((eb) => eb.or([byName, byPrinted]));
      }
      if (query.from) base = base.where('bill_date', '>=', query.from);
      if (query.to) base = base.where('bill_date', '<=', query.to);
      const order = query.order ?? 'desc';
      const sortColumn = SORT_COLUMNS[query.sort ?? 'billno'];
      let rowsQuery = base
        .select([...LIST_COLUMNS, 'grand_total', 'deleted_at', 'id', 'client_key'])
        .orderBy(sortColumn, order)
        .orderBy('fy', order)
        .orderBy('billno', order);
      if (query.limit !== undefined) rowsQuery = rowsQuery.limit(query.limit).offset(query.offset ?? 0);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const withTotal = (row: (typeof rows)[number]) => ({
        ...listRowOf(row),
        grandTotal: row.grand_total === null ? null : Number(row.grand_total),
        ...(row.deleted_at !== null && { cancelled: true }),
        id: Number(row.id),
        clientKey: row.client_key ?? '',
      });
      return { rows: rows.map(withTotal), total: Number(count.n) };
    },

    /**
     * Stores a new bill; refused when its number is taken (deleted bills included) in its year, or in any
     * year while its series (`format`) runs on. With `from`, the bill is a conversion of that live bill (a
     * quotation), which stays as it is. The `extras` (the lines' products and services for their saved
     * lists, the figures) are stored in the same transaction.
     */
    async create(record: BillRecord, operator: string, format: string, from?: BillRef, extras: BillExtras = {}): Promise<CreateResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          // A series that runs on is unique across years, which no unique key states: creates of one
          // type take turns on PostgreSQL (SQLite has one writer anyway).
          if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`${record.unit}/${record.type}`}))`.execute(trx);
          const source = from && (await findRef(trx, from));
          if (from && !source) return 'source-missing';
          await assertOpen(trx, record, [record.billDate]);
          const taken = await numberTaken(trx, record, format);
          if (taken) return taken;
          const at = now();
          const inserted = await trx
            .insertInto('bills')
            .values({
              unit: record.unit,
              type: record.type,
              fy: record.fy,
              billno: record.billno,
              printed_no: record.printedNo,
              ...columnsOf(record),
              created_at: at,
              created_by: operator,
              updated_at: at,
              updated_by: operator,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeExtras(trx, dialect, registryOf(), inserted.id, record, extras);
          const owed = extras.note ? await settleCorrected(trx, dialect, registryOf(), extras.note.against) : [];
          if (source) await recordConversion(trx, source, record, operator);
          await saveClient(trx, record);
          await writeAudits(trx, operator, [...owed, { action: source ? 'convert' : 'create', key: record, before: source ?? null, after: record }]);
          return 'created';
        });
      } catch (error) {
        // Two creates of one number at the same moment: the database's unique key refuses the second.
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /**
     * Replaces a live bill's fields and rows (and stores its extras as create does); false when there is no
     * such live bill. The bill keeps its year and printed number.
     */
    async update(record: BillRecord, operator: string, extras: BillExtras = {}): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await findLive(trx, record, true);
        if (!before) return false;
        await assertOpen(trx, record, [before.billDate, record.billDate]);
        const updated = await trx
          .updateTable('bills')
          .set({ ...columnsOf(record), updated_at: now(), updated_by: operator })
          .where(keyOf(record))
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeExtras(trx, dialect, registryOf(), updated.id, record, extras);
        // A note's edit moves the value of the bill it corrects; a bill's own edit, its own.
        const owed = await settleCorrected(trx, dialect, registryOf(), extras.note?.against ?? record);
        await saveClient(trx, record);
        await writeAudits(trx, operator, [...owed, { action: 'update', key: record, before, after: { ...record, printedNo: before.printedNo } }]);
        return true;
      });
    },

    /** Marks a live bill deleted; the key it had, or undefined when there is no such live bill. */
    async softDelete(ref: BillRef, operator: string): Promise<BillKey | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await findRef(trx, ref, true);
        if (!before) return undefined;
        await assertOpen(trx, before, [before.billDate]);
        const deleted = await trx.updateTable('bills').set({ deleted_at: now(), deleted_by: operator }).where(keyOf(before)).returning('id').executeTakeFirstOrThrow();
        await removeBillStock(trx, registryOf(), deleted.id);
        const owed = [...(await releaseExcess(trx, deleted.id, true)), ...(await settleNoteChange(trx, dialect, registryOf(), before))];
        await writeAudits(trx, operator, [...owed, { action: 'delete', key: before, before, after: null }]);
        return before;
      });
    },
  };
}

export type BillStore = ReturnType<typeof billStore>;
