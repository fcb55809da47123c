import { sql, type Transaction } from 'kysely';
import { formatIndian, fromPaise, toPaise, type BillFigures, type Registry } from '../../engine/core';
import type { BillKey } from './bills';
import { isOneOf } from './id-lists';
import type { Db, SqlDialect, Tables } from './tables';

/** What a note's write stores beside it: the bill it corrects and which way it moves its value. */
export interface NoteWrite {
  against: BillKey;
  /** -1 credit, 1 debit (x-bill.note.sign). */
  sign: -1 | 1;
  /** How messages name the bill corrected ("Tax Invoice Bill No. 5"). */
  againstName: string;
}

/** A note refused inside its transaction (the bill it corrects is gone, or a credit note over the limit): 400. */
export class NoteRefusedError extends Error {}

/** A note of a bill as getbill answers it. */
export interface NoteOfBill {
  type: string;
  fy: number;
  billno: number;
  printedNo: string;
  billDate: string;
  /** Grand total in whole paise. */
  grandTotal: number;
  sign: number;
}

const againstIs = (key: BillKey) => ({ unit: key.unit, against_type: key.type, against_fy: key.fy, against_billno: key.billno });

/**
 * Note links with their notes' live bill rows (`n` the link, `b` the note's bill): the links first, then each note's
 * bill by its key. Joined the other way, SQLite (no statistics) walked every bill of the unit, probing for links: 6 ms
 * for one bill's notes and 38 ms for a list page's over 100,000 bills with no notes at all. CROSS JOIN keeps SQLite's
 * order as written (PostgreSQL plans it as any join), and the unary plus keeps it from reading the bills through an
 * index on deleted_at instead of by their key.
 */
const notesWithBills = (reader: Transaction<Tables> | Db, dialect: SqlDialect) =>
  reader
    .selectFrom('bill_notes as n')
    .crossJoin('bills as b')
    .whereRef('b.unit', '=', 'n.unit')
    .whereRef('b.type', '=', 'n.note_type')
    .whereRef('b.fy', '=', 'n.note_fy')
    .whereRef('b.billno', '=', 'n.note_billno')
    .where(dialect === 'sqlite' ? sql<boolean>`+b.deleted_at is null` : sql<boolean>`b.deleted_at is null`);

/** The live notes of a bill. */
const liveNotesOf = (reader: Transaction<Tables> | Db, dialect: SqlDialect, key: BillKey) =>
  notesWithBills(reader, dialect)
    .where('n.unit', '=', key.unit)
    .where('n.against_type', '=', key.type)
    .where('n.against_fy', '=', key.fy)
    .where('n.against_billno', '=', key.billno);

/** The taxable value in paise per GST rate of a bill's own tax lines. */
async function taxableByRate(trx: Transaction<Tables>, billId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('bill_tax_lines')
    .select(['rate', (eb) => eb.fn.sum<number | string>('taxable').as('taxable')])
    .where('bill_id', '=', billId)
    .groupBy('rate')
    .execute();
  return new Map(rows.map((row) => [row.rate, Number(row.taxable)]));
}

/** A live bill's row, locked on PostgreSQL so two changes of what it can be credited go one after the other. */
async function lockedLiveBill(trx: Transaction<Tables>, dialect: SqlDialect, key: BillKey) {
  let query = trx
    .selectFrom('bills')
    .select(['id', 'printed_no'])
    .where('unit', '=', key.unit)
    .where('type', '=', key.type)
    .where('fy', '=', key.fy)
    .where('billno', '=', key.billno)
    .where('deleted_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The taxable value per rate a bill has left to credit: its own plus its debit notes minus its credit notes, every
 * live note but `exceptBillId` (the note being written). The bill row is locked first on PostgreSQL, so two notes
 * of one bill are checked one after the other (SQLite has one writer anyway); undefined when the bill is not live.
 */
async function creditLeft(trx: Transaction<Tables>, dialect: SqlDialect, key: BillKey, exceptBillId: number): Promise<Map<string, number> | undefined> {
  const row = await lockedLiveBill(trx, dialect, key);
  if (!row) return undefined;
  return creditLeftOf(trx, dialect, key, row.id, exceptBillId);
}

async function creditLeftOf(trx: Transaction<Tables>, dialect: SqlDialect, key: BillKey, billId: number, exceptBillId?: number): Promise<Map<string, number>> {
  const left = await taxableByRate(trx, billId);
  let notes = liveNotesOf(trx, dialect, key)
    .innerJoin('bill_tax_lines as t', 't.bill_id', 'b.id')
    .select(['t.rate', sql<number | string>`sum(t.taxable * n.sign)`.as('taxable')])
    .groupBy('t.rate');
  if (exceptBillId !== undefined) notes = notes.where('b.id', '!=', exceptBillId);
  for (const note of await notes.execute()) left.set(note.rate, (left.get(note.rate) ?? 0) + Number(note.taxable));
  return left;
}

/**
 * Refuses a change written in this transaction that leaves a bill below what its live credit notes take off: at some
 * rate they would credit more taxable value than the bill and its debit notes hold (the bill edited down, a debit
 * note edited down or deleted). The message names the credit notes; nothing to check for a bill that is not live.
 */
export async function assertCreditsCovered(trx: Transaction<Tables>, dialect: SqlDialect, registry: Registry, key: BillKey): Promise<void> {
  const bill = await lockedLiveBill(trx, dialect, key);
  if (!bill) return;
  const short = [...(await creditLeftOf(trx, dialect, key, bill.id))].find(([, left]) => left < 0);
  if (!short) return;
  const credits = await liveNotesOf(trx, dialect, key).select(['b.type', 'b.billno', 'b.printed_no']).where('n.sign', '<', 0).orderBy('b.bill_date').orderBy('b.id').execute();
  const labelOf = (type: string) => registry.byType(type)?.menuLabel ?? type;
  const named = credits.map((note) => `${labelOf(note.type)} ${note.printed_no ?? note.billno}`).join(', ');
  const one = credits.length === 1;
  throw new NoteRefusedError(
    `${labelOf(key.type)} No. ${bill.printed_no ?? key.billno} cannot go below what ${named} ${one ? 'takes' : 'take'} off: ` +
      `at ${short[0]}% ${one ? 'it' : 'they'} would credit ₹${formatIndian(fromPaise(-short[1]))} more taxable value than the bill ` +
      `(with its debit notes) holds. Change or delete ${one ? 'that note' : 'those notes'} first.`,
  );
}

/** The bill a note corrects (by its stored link), or undefined for a bill that is no note. */
export async function againstOfNote(reader: Transaction<Tables> | Db, note: BillKey): Promise<BillKey | undefined> {
  const row = await reader
    .selectFrom('bill_notes')
    .select(['against_type', 'against_fy', 'against_billno'])
    .where('unit', '=', note.unit)
    .where('note_type', '=', note.type)
    .where('note_fy', '=', note.fy)
    .where('note_billno', '=', note.billno)
    .executeTakeFirst();
  return row && { unit: note.unit, type: row.against_type, fy: Number(row.against_fy), billno: Number(row.against_billno) };
}

/** The note's taxable value in paise per rate. */
function noteByRate(figures: BillFigures): Map<string, number> {
  const byRate = new Map<string, number>();
  for (const line of figures.taxLines) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + toPaise(line.taxable));
  return byRate;
}

/**
 * The note step of a bill's write (bills.ts), in its transaction after its figures: the bill it corrects must still
 * be live, a credit note may not credit more taxable value at a rate than is left, and the link is stored.
 */
export async function writeNote(trx: Transaction<Tables>, dialect: SqlDialect, billId: number, note: BillKey, write: NoteWrite, figures: BillFigures): Promise<void> {
  const left = await creditLeft(trx, dialect, write.against, billId);
  if (!left) throw new NoteRefusedError(`${write.againstName} not found (a note corrects a bill that is not cancelled).`);
  if (write.sign < 0) {
    for (const [rate, credited] of noteByRate(figures)) {
      const available = Math.max(0, left.get(rate) ?? 0);
      if (credited > available) {
        throw new NoteRefusedError(
          `A credit note may not take ${write.againstName} below zero: at ${rate}% at most ₹${formatIndian(fromPaise(available))} ` +
            `of taxable value is left to credit, and this note credits ₹${formatIndian(fromPaise(credited))}.`,
        );
      }
    }
  }
  const link = { unit: note.unit, note_type: note.type, note_fy: note.fy, note_billno: note.billno };
  const existing = await trx.selectFrom('bill_notes').select('id').where((eb) => eb.and(link)).executeTakeFirst();
  if (!existing) await trx.insertInto('bill_notes').values({ ...link, ...againstIs(write.against), sign: write.sign }).execute();
}

/** A note's bill row (with its link's sign) as NoteOfBill. */
interface NoteRow {
  type: string;
  fy: number | string;
  billno: number | string;
  printed_no: string | null;
  bill_date: string;
  grand_total: number | string | null;
  sign: number | string;
}

const noteOfRow = (row: NoteRow): NoteOfBill => ({
  type: row.type,
  fy: Number(row.fy),
  billno: Number(row.billno),
  printedNo: row.printed_no ?? String(row.billno),
  billDate: row.bill_date,
  grandTotal: Number(row.grand_total ?? 0),
  sign: Number(row.sign),
});

/** The bills a note corrects and the notes of a bill. */
export function noteStore(db: Db, dialect: SqlDialect) {
  return {
    /** The bill a note corrects, or undefined. */
    againstOf: (note: BillKey) => againstOfNote(db, note),

    /** The live notes of a bill, oldest first. */
    async of(bill: BillKey): Promise<NoteOfBill[]> {
      const rows = await liveNotesOf(db, dialect, bill)
        .select(['b.type', 'b.fy', 'b.billno', 'b.printed_no', 'b.bill_date', 'b.grand_total', 'n.sign'])
        .orderBy('b.bill_date')
        .orderBy('b.id')
        .execute();
      return rows.map(noteOfRow);
    },

    /** The live notes of some bills of one type, per bill as `${fy}/${billno}`, oldest first (a list page's rows). */
    async ofBills(unit: string, type: string, bills: ReadonlyArray<{ fy: number; billno: number }>): Promise<Map<string, NoteOfBill[]>> {
      const byBill = new Map<string, NoteOfBill[]>();
      if (!bills.length) return byBill;
      const rows = await notesWithBills(db, dialect)
        .where('n.unit', '=', unit)
        .where('n.against_type', '=', type)
        // By number only (the years are sorted out below): one bound list however long the page.
        .where(isOneOf(dialect, 'n.against_billno', bills.map((bill) => bill.billno)))
        .select(['n.against_fy', 'n.against_billno', 'b.type', 'b.fy', 'b.billno', 'b.printed_no', 'b.bill_date', 'b.grand_total', 'n.sign'])
        .orderBy('b.bill_date')
        .orderBy('b.id')
        .execute();
      const wanted = new Set(bills.map((bill) => `${bill.fy}/${bill.billno}`));
      for (const row of rows) {
        const key = `${Number(row.against_fy)}/${Number(row.against_billno)}`;
        if (!wanted.has(key)) continue;
        const notes = byBill.get(key) ?? [];
        notes.push(noteOfRow(row));
        byBill.set(key, notes);
      }
      return byBill;
    },
  };
}

export type NoteStore = ReturnType<typeof noteStore>;
