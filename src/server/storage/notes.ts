import { sql, type Transaction } from 'kysely';
import { formatIndian, fromPaise, toPaise, type BillFigures } from '../../engine/core';
import type { BillKey } from './bills';
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

/** The live notes of a bill (`n` the link, `b` the note's bill row). */
const liveNotesOf = (reader: Transaction<Tables> | Db, key: BillKey) =>
  reader
    .selectFrom('bill_notes as n')
    .innerJoin('bills as b', (join) =>
      join.onRef('b.unit', '=', 'n.unit').onRef('b.type', '=', 'n.note_type').onRef('b.fy', '=', 'n.note_fy').onRef('b.billno', '=', 'n.note_billno'),
    )
    .where('n.unit', '=', key.unit)
    .where('n.against_type', '=', key.type)
    .where('n.against_fy', '=', key.fy)
    .where('n.against_billno', '=', key.billno)
    .where('b.deleted_at', 'is', null);

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

/**
 * The taxable value per rate a bill has left to credit: its own plus its debit notes minus its credit notes, every
 * live note but `exceptBillId` (the note being written). The bill row is locked first on PostgreSQL, so two notes
 * of one bill are checked one after the other (SQLite has one writer anyway); undefined when the bill is not live.
 */
async function creditLeft(trx: Transaction<Tables>, dialect: SqlDialect, key: BillKey, exceptBillId: number): Promise<Map<string, number> | undefined> {
  let original = trx
    .selectFrom('bills')
    .select('id')
    .where('unit', '=', key.unit)
    .where('type', '=', key.type)
    .where('fy', '=', key.fy)
    .where('billno', '=', key.billno)
    .where('deleted_at', 'is', null);
  if (dialect === 'postgres') original = original.forUpdate();
  const row = await original.executeTakeFirst();
  if (!row) return undefined;
  const left = await taxableByRate(trx, row.id);
  const notes = await liveNotesOf(trx, key)
    .innerJoin('bill_tax_lines as t', 't.bill_id', 'b.id')
    .select(['t.rate', sql<number | string>`sum(t.taxable * n.sign)`.as('taxable')])
    .where('b.id', '!=', exceptBillId)
    .groupBy('t.rate')
    .execute();
  for (const note of notes) left.set(note.rate, (left.get(note.rate) ?? 0) + Number(note.taxable));
  return left;
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
export function noteStore(db: Db) {
  return {
    /** The bill a note corrects, or undefined. */
    async againstOf(note: BillKey): Promise<BillKey | undefined> {
      const row = await db
        .selectFrom('bill_notes')
        .select(['against_type', 'against_fy', 'against_billno'])
        .where('unit', '=', note.unit)
        .where('note_type', '=', note.type)
        .where('note_fy', '=', note.fy)
        .where('note_billno', '=', note.billno)
        .executeTakeFirst();
      return row && { unit: note.unit, type: row.against_type, fy: Number(row.against_fy), billno: Number(row.against_billno) };
    },

    /** The live notes of a bill, oldest first. */
    async of(bill: BillKey): Promise<NoteOfBill[]> {
      const rows = await liveNotesOf(db, bill)
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
      const rows = await db
        .selectFrom('bill_notes as n')
        .innerJoin('bills as b', (join) =>
          join.onRef('b.unit', '=', 'n.unit').onRef('b.type', '=', 'n.note_type').onRef('b.fy', '=', 'n.note_fy').onRef('b.billno', '=', 'n.note_billno'),
        )
        .where('n.unit', '=', unit)
        .where('n.against_type', '=', type)
        .where((eb) => eb.or(bills.map((bill) => eb.and([eb('n.against_fy', '=', bill.fy), eb('n.against_billno', '=', bill.billno)]))))
        .where('b.deleted_at', 'is', null)
        .select(['n.against_fy', 'n.against_billno', 'b.type', 'b.fy', 'b.billno', 'b.printed_no', 'b.bill_date', 'b.grand_total', 'n.sign'])
        .orderBy('b.bill_date')
        .orderBy('b.id')
        .execute();
      for (const row of rows) {
        const key = `${Number(row.against_fy)}/${Number(row.against_billno)}`;
        const notes = byBill.get(key) ?? [];
        notes.push(noteOfRow(row));
        byBill.set(key, notes);
      }
      return byBill;
    },
  };
}

export type NoteStore = ReturnType<typeof noteStore>;
