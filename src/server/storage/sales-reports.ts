import { sql, type SelectQueryBuilder } from 'kysely';
import { fromPaise, taxOn, toDecimal, toPaise } from '../../engine/core';
import { isOneOf } from './id-lists';
import type { ReportReader } from './report-reader';
import type { Db, SqlDialect, Tables } from './tables';

/** Which bills a report reads: the sales bill types of one unit, dated within a period (both ends included). */
export interface SalesScope {
  unit: string;
  /** The unit's bill types that count as sales (x-bill.kind sale). */
  types: string[];
  from: string;
  to: string;
  /** Types among `types` whose figures count negative (credit notes); none when absent. */
  negated?: string[];
}

/** Sums in whole paise. */
export interface PaiseTotals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
  total: number;
}

/** A live sales bill with its stored figures. */
export interface RegisterRow extends PaiseTotals {
  id: number;
  type: string;
  billno: number;
  /** The number as printed (its series filled in). */
  printedNo: string;
  billDate: string;
  clientName: string;
  clientGstin: string;
}

export interface CancelledBill {
  type: string;
  billno: number;
  printedNo: string;
  billDate: string;
  clientName: string;
}

/**
 * Tax per HSN, rate and unit code, over the scope's live bills (whole paise; quantity in millionths): the tax of
 * each row computed on its own taxable value (core taxOn), as the return's HSN table does.
 */
export interface HsnRow {
  hsn: string;
  rate: string;
  uqc: string;
  description: string;
  qtyMicro: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** One GST rate of one invoice (GSTR-1 itms; its tax is the core's taxOn of the taxable value), with the invoice's own fields. */
export interface InvoiceRateRow {
  id: number;
  type: string;
  billno: number;
  printedNo: string;
  billDate: string;
  clientGstin: string;
  /** The bill's place of supply (state code), "" when not stored. */
  placeOfSupply: string;
  grandTotal: number;
  rate: string;
  taxable: number;
}

/** The bill a note in the scope corrects, as GSTR-1 sorts the note (cdnr, cdnur or b2cs). */
export interface NoteOriginal {
  /** The note's bills id. */
  noteId: number;
  billDate: string;
  clientGstin: string;
  placeOfSupply: string;
  grandTotal: number;
}

/**
 * A numbering series (one bill type in one financial year) within the scope: deleted bills included, counted
 * as cancelled; its first and last numbers as printed.
 */
export interface SeriesRow {
  type: string;
  fy: number;
  first: string;
  last: string;
  count: number;
  cancelled: number;
}

/** A register row's field and the bills column that holds it. */
const REGISTER_COLUMN = {
  type: 'type',
  billno: 'billno',
  printedNo: 'printed_no',
  billDate: 'bill_date',
  clientName: 'client_name',
  clientGstin: 'client_gstin',
  taxable: 'taxable',
  cgst: 'cgst',
  sgst: 'sgst',
  igst: 'igst',
  roundOff: 'round_off',
  total: 'grand_total',
} as const satisfies Partial<Record<keyof RegisterRow, string>>;

/** One member of a register row's JSON: its answer key, the row's field, and whether it is money (paise, shown as rupees). */
export interface RegisterJsonMember {
  key: string;
  field: keyof typeof REGISTER_COLUMN;
  money?: boolean;
}

const n = (value: unknown) => Number(value ?? 0);
/** Rows per page when a report walks the register: bounded memory for a year of bills. */
export const REGISTER_PAGE = 5000;

type BillsQuery = SelectQueryBuilder<Tables, 'bills', object>;

/** A bills figure (or a joined line's) as the scope counts it: negative on the scope's negated types. */
function signed(scope: SalesScope, column: string, typeColumn = 'type') {
  const value = sql.ref(column);
  if (!scope.negated?.length) return value;
  return sql`(case when ${sql.ref(typeColumn)} in (${sql.join(scope.negated)}) then -${value} else ${value} end)`;
}

/** The scope's bills (live and deleted): the (unit, bill_date) index picks them. */
function scoped(db: Db, scope: SalesScope): BillsQuery {
  return db
    .selectFrom('bills')
    .where('unit', '=', scope.unit)
    .where('bill_date', '>=', scope.from)
    .where('bill_date', '<=', scope.to)
    .where('type', 'in', scope.types.length ? scope.types : ['']);
}

/** The report queries (issue 18): they read the stored figures and aggregate in SQL, never re-render a bill. */
export function salesReportStore(reader: ReportReader, dialect: SqlDialect) {
  const db = reader.db;
  /** A member's value in SQL: money as rupees with 2 decimal places, a missing GSTIN as ''. */
  const memberValue = (scope: SalesScope, member: RegisterJsonMember) => {
    const column = sql.ref(REGISTER_COLUMN[member.field]);
    if (member.money) {
      const money = signed(scope, REGISTER_COLUMN[member.field]);
      return dialect === 'postgres' ? sql`round(${money} / 100.0, 2)` : sql`${money} / 100.0`;
    }
    // Bills keep the number they were printed with (migration 0014 wrote it for older ones).
    if (member.field === 'printedNo') return sql`coalesce(printed_no, cast(billno as text))`;
    return member.field === 'clientGstin' ? sql`coalesce(${column}, '')` : column;
  };
  const jsonObject = dialect === 'postgres' ? sql.raw('json_build_object') : sql.raw('json_object');

  return {
    /**
     * The register's rows by date, then number (then type and id, so pages never overlap), one page after
     * `after` (the last row of the previous page); every row of the scope when `limit` is 'all'.
     */
    async registerPage(scope: SalesScope, after?: RegisterRow, limit: number | 'all' = REGISTER_PAGE): Promise<RegisterRow[]> {
      let query = scoped(db, scope)
        .where('deleted_at', 'is', null)
        .select(['id', 'type', 'billno', 'printed_no', 'bill_date', 'client_name', 'client_gstin'])
        .select((['taxable', 'cgst', 'sgst', 'igst', 'round_off', 'grand_total'] as const).map((column) => signed(scope, column).as(column)))
        .orderBy('bill_date')
        .orderBy('billno')
        .orderBy('type')
        .orderBy('id');
      if (after) {
        query = query.where(
          sql<boolean>`(bill_date, billno, type, id) > (${after.billDate}, ${after.billno}, ${after.type}, ${after.id})`,
        );
      }
      if (limit !== 'all') query = query.limit(limit);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        billno: Number(row.billno),
        printedNo: row.printed_no ?? String(row.billno),
        billDate: row.bill_date,
        clientName: row.client_name,
        clientGstin: row.client_gstin ?? '',
        taxable: n(row.taxable),
        cgst: n(row.cgst),
        sgst: n(row.sgst),
        igst: n(row.igst),
        roundOff: n(row.round_off),
        total: n(row.grand_total),
      }));
    },

    /**
     * Every register row of the scope as JSON text, written by the database (a year of bills is 100,000
     * rows: building them as JS objects and stringifying them took most of a second), in register order,
     * joined by commas, as UTF-8 bytes.
     */
    async registerJsonRows(scope: SalesScope, members: RegisterJsonMember[]): Promise<Uint8Array> {
      const pairs = members.map((member) => sql`cast(${member.key} as text), ${memberValue(scope, member)}`);
      const query = scoped(db, scope)
        .where('deleted_at', 'is', null)
        // Cast to text: the pg driver would otherwise parse each json value back into an object.
        .select(sql<string>`cast(${jsonObject}(${sql.join(pairs)}) as text)`.as('row'))
        .orderBy('bill_date')
        .orderBy('billno')
        .orderBy('type')
        .orderBy('id');
      return reader.joinedText(query.compile());
    },

    async totals(scope: SalesScope): Promise<PaiseTotals> {
      const row = await scoped(db, scope)
        .where('deleted_at', 'is', null)
        .select((eb) => (['taxable', 'cgst', 'sgst', 'igst', 'round_off', 'grand_total'] as const).map((column) => eb.fn.sum(signed(scope, column)).as(column)))
        .executeTakeFirstOrThrow();
      return {
        taxable: n(row.taxable),
        cgst: n(row.cgst),
        sgst: n(row.sgst),
        igst: n(row.igst),
        roundOff: n(row.round_off),
        total: n(row.grand_total),
      };
    },

    /** Sales and tax per calendar month (YYYY-MM) of the scope, in month order. */
    async byMonth(scope: SalesScope): Promise<Array<{ month: string; taxable: number; total: number }>> {
      const month = sql<string>`substr(bill_date, 1, 7)`;
      const rows = await scoped(db, scope)
        .where('deleted_at', 'is', null)
        .select((eb) => [month.as('month'), eb.fn.sum(signed(scope, 'taxable')).as('taxable'), eb.fn.sum(signed(scope, 'grand_total')).as('total')])
        .groupBy(month)
        .orderBy(month)
        .execute();
      return rows.map((row) => ({ month: row.month, taxable: n(row.taxable), total: n(row.total) }));
    },

    async cancelled(scope: SalesScope): Promise<CancelledBill[]> {
      const rows = await scoped(db, scope)
        .where('deleted_at', 'is not', null)
        .select(['type', 'billno', 'printed_no', 'bill_date', 'client_name'])
        .orderBy('bill_date')
        .orderBy('billno')
        .orderBy('type')
        .execute();
      return rows.map((row) => ({
        type: row.type,
        billno: Number(row.billno),
        printedNo: row.printed_no ?? String(row.billno),
        billDate: row.bill_date,
        clientName: row.client_name,
      }));
    },

    /** The HSN summary; `withBuyerGstin` true: B2B bills only, false: the others (GSTR-1 hsn_b2b / hsn_b2c). */
    async hsnSummary(scope: SalesScope, withBuyerGstin?: (gstin: string) => boolean): Promise<HsnRow[]> {
      // A bill charging IGST is an inter-state supply (a bill charging no tax at all is either: its tax is 0 both ways).
      const interState = sql<number>`case when bills.igst > 0 then 1 else 0 end`;
      const rows = await scoped(db, scope)
        .where('deleted_at', 'is', null)
        .innerJoin('bill_tax_lines as t', 't.bill_id', 'bills.id')
        .select(['t.hsn', 't.rate', 't.uqc', 'bills.client_gstin', interState.as('inter')])
        .select((eb) => [
          eb.fn.min('t.description').as('description'),
          eb.fn.sum(signed(scope, 't.qty_micro', 'bills.type')).as('qty'),
          eb.fn.sum(signed(scope, 't.taxable', 'bills.type')).as('taxable'),
        ])
        .groupBy(['t.hsn', 't.rate', 't.uqc', 'bills.client_gstin', interState])
        .execute();
      // Grouped by buyer GSTIN in SQL so that B2B and B2C can be told apart here; merged per HSN, rate and UQC below.
      const merged = new Map<string, { row: HsnRow; intra: number; inter: number }>();
      for (const row of rows) {
        if (withBuyerGstin && !withBuyerGstin(row.client_gstin ?? '')) continue;
        const key = `${row.hsn}\u0000${row.rate}\u0000${row.uqc}`;
        const sum = merged.get(key) ?? {
          row: { hsn: row.hsn, rate: row.rate, uqc: row.uqc, description: String(row.description ?? '').trim(), qtyMicro: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
          intra: 0,
          inter: 0,
        };
        sum.row.qtyMicro += n(row.qty);
        if (n(row.inter)) sum.inter += n(row.taxable);
        else sum.intra += n(row.taxable);
        merged.set(key, sum);
      }
      return [...merged.values()]
        .map(({ row, intra, inter }) => {
          const rate = toDecimal(row.rate);
          const within = taxOn(fromPaise(intra), rate, true);
          const across = taxOn(fromPaise(inter), rate, false);
          return { ...row, taxable: intra + inter, cgst: toPaise(within.central), sgst: toPaise(within.state), igst: toPaise(across.integrated) };
        })
        .sort((a, b) => a.hsn.localeCompare(b.hsn) || Number(a.rate) - Number(b.rate) || a.uqc.localeCompare(b.uqc));
    },

    /** Each live invoice's tax per rate, by date then number. */
    async invoiceRates(scope: SalesScope): Promise<InvoiceRateRow[]> {
      const rows = await scoped(db, scope)
        .where('deleted_at', 'is', null)
        .innerJoin('bill_tax_lines as t', 't.bill_id', 'bills.id')
        .select(['bills.id', 'bills.type', 'bills.billno', 'bills.printed_no', 'bills.bill_date', 'bills.client_gstin', 'bills.place_of_supply', 'bills.grand_total', 't.rate'])
        .select((eb) => [eb.fn.sum('t.taxable').as('taxable')])
        .groupBy(['bills.id', 'bills.type', 'bills.billno', 'bills.printed_no', 'bills.bill_date', 'bills.client_gstin', 'bills.place_of_supply', 'bills.grand_total', 't.rate'])
        .orderBy('bills.bill_date')
        .orderBy('bills.billno')
        .orderBy('bills.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        billno: Number(row.billno),
        printedNo: row.printed_no ?? String(row.billno),
        billDate: row.bill_date,
        clientGstin: row.client_gstin ?? '',
        placeOfSupply: row.place_of_supply ?? '',
        grandTotal: n(row.grand_total),
        rate: row.rate,
        taxable: n(row.taxable),
      }));
    },

    /** For each live note of the scope (its types are note types), the bill it corrects, cancelled since or not. */
    async noteOriginals(scope: SalesScope): Promise<NoteOriginal[]> {
      // Written out rather than scoped(): the joined tables have unit, type and bill_date columns too.
      const rows = await db
        .selectFrom('bills')
        .where('bills.unit', '=', scope.unit)
        .where('bills.bill_date', '>=', scope.from)
        .where('bills.bill_date', '<=', scope.to)
        .where('bills.type', 'in', scope.types.length ? scope.types : [''])
        .where('bills.deleted_at', 'is', null)
        .innerJoin('bill_notes as n', (join) =>
          join.onRef('n.unit', '=', 'bills.unit').onRef('n.note_type', '=', 'bills.type').onRef('n.note_fy', '=', 'bills.fy').onRef('n.note_billno', '=', 'bills.billno'),
        )
        .innerJoin('bills as o', (join) =>
          join.onRef('o.unit', '=', 'n.unit').onRef('o.type', '=', 'n.against_type').onRef('o.fy', '=', 'n.against_fy').onRef('o.billno', '=', 'n.against_billno'),
        )
        .select(['bills.id as noteId', 'o.bill_date', 'o.client_gstin', 'o.place_of_supply', 'o.grand_total'])
        .execute();
      return rows.map((row) => ({
        noteId: row.noteId,
        billDate: row.bill_date,
        clientGstin: row.client_gstin ?? '',
        placeOfSupply: row.place_of_supply ?? '',
        grandTotal: n(row.grand_total),
      }));
    },

    /**
     * Per bill type and financial year: first and last number as printed, how many, how many deleted (GSTR-1
     * doc_issue).
     */
    async series(scope: SalesScope): Promise<SeriesRow[]> {
      const rows = await scoped(db, scope)
        .select((eb) => [
          'type',
          'fy',
          eb.fn.min('billno').as('first'),
          eb.fn.max('billno').as('last'),
          eb.fn.countAll().as('count'),
          eb.fn.count('deleted_at').as('cancelled'),
        ])
        .groupBy(['type', 'fy'])
        .orderBy('type')
        .orderBy('fy')
        .execute();
      const ends = rows.flatMap((row) => [n(row.first), n(row.last)].map((billno) => ({ type: row.type, fy: n(row.fy), billno })));
      const printed = new Map<string, string>();
      if (ends.length) {
        const found = await db
          .selectFrom('bills')
          .select(['type', 'fy', 'billno', 'printed_no'])
          .where('unit', '=', scope.unit)
          .where('type', 'in', scope.types.length ? scope.types : [''])
          // By number (a long period has two ends per type and year); the keys below pick each series' own.
          .where(isOneOf(dialect, 'billno', ends.map((end) => end.billno)))
          .execute();
        for (const row of found) printed.set(`${row.type}/${row.fy}/${row.billno}`, row.printed_no ?? String(row.billno));
      }
      const printedOf = (type: string, fy: number, billno: number) => printed.get(`${type}/${fy}/${billno}`) ?? String(billno);
      return rows.map((row) => ({
        type: row.type,
        fy: n(row.fy),
        first: printedOf(row.type, n(row.fy), n(row.first)),
        last: printedOf(row.type, n(row.fy), n(row.last)),
        count: n(row.count),
        cancelled: n(row.cancelled),
      }));
    },
  };
}

export type SalesReportStore = ReturnType<typeof salesReportStore>;
