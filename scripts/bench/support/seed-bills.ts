/**
 * Many stored bills at once, written through the storage layer's database (Kysely over the server's
 * SQLite file) in one transaction of multi-row inserts: 100,000 creates over HTTP would take an hour of
 * PDFs. The rows are what a create stores (the record of a normalised valid payload) and, for the
 * reports, its figures: the bill's columns and its HSN + rate rows, computed by the same core code a save
 * runs (billFigures) and written by the same storage step (figureColumns), so a report reads what it would
 * read after 100,000 real saves. No audit rows.
 */
import { billFigures, clientNameKey, normalizeBill, toStoredBill, type BillFigures, type BillType } from '../../../src/engine/core';
import { recordOf } from '../../../src/server/bills/shape';
import { openStorage } from '../../../src/server/storage';
import { figureColumns, taxLineRows } from '../../../src/server/storage/bill-figures';
import { validPayload } from '../../../tests/fixtures/payloads';

const COMPANIES = ['Sahyadri Transport', 'Shree Ganesh Logistics', 'Konkan Roadways', 'Deccan Earthmovers', 'Vidarbha Gensets'];
/** Buyers in the seller's state (Maharashtra, 27: CGST + SGST) and in others (IGST), in turn. */
const GSTINS = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AABCU9603R1ZN', '24AAACC1206D1ZM'];
/** SQLite allows 32,766 bound values a statement; a bill row with its figures binds 22 (printed_no, fy, client_key since), a tax row 10. */
const BILLS_PER_INSERT = 1200;
const TAX_LINES_PER_INSERT = 3000;
const DAY_MS = 86_400_000;

/** The client name of bill number n: a company, then the number, so a search can find one bill or many. */
export const clientOf = (billno: number) => `${COMPANIES[billno % COMPANIES.length]} ${billno}`;

export interface SeedOptions {
  /** Bill numbers first..first + count - 1 (default from 1). */
  first?: number;
  linesPerBill?: number;
  /** Store each bill's figures (taxable, taxes, grand total, HSN + rate rows), as a save does. */
  figures?: boolean;
  /** Spread the bills' dates evenly over the year from this ISO day (default: all on the payload's date). */
  yearFrom?: string;
}

type Bill = Record<string, unknown>;

/** A bill's lines: the fixture's goods at 18 %, every third one at 28 % under another HSN (two rates a bill). */
function withTwoRates(billType: BillType, payload: Bill): Bill {
  if (!billType.tax || billType.lines !== 'goods') return payload;
  const rows = payload[billType.rowsField.name] as Bill[];
  const rated = rows.map((row, i) => (i % 3 === 2 ? { ...row, hsn: '8409', taxrate: '28' } : row));
  return { ...payload, [billType.rowsField.name]: rated };
}

export async function seedBills(dataDir: string, billType: BillType, count: number, options: SeedOptions = {}): Promise<void> {
  const { first = 1, linesPerBill = 3 } = options;
  const at = new Date().toISOString();
  const yearStart = options.yearFrom ? Date.parse(`${options.yearFrom}T00:00:00Z`) : undefined;
  // A bill's figures depend on its lines and its buyer's state only: computed once per buyer.
  const figuresByBuyer = new Map<string, BillFigures>();
  const storage = await openStorage({ dataDir });

  const billOf = (billno: number) => {
    const overrides: Bill = { invoiceno: billno, clientname: clientOf(billno) };
    if (yearStart !== undefined) overrides.date = new Date(yearStart + Math.floor(((billno - first) * 365) / count) * DAY_MS).toISOString().slice(0, 10);
    if (billType.tax) overrides.gstno = GSTINS[billno % GSTINS.length];
    const payload = withTwoRates(billType, validPayload(billType, linesPerBill, overrides));
    return toStoredBill(billType, normalizeBill(billType, payload));
  };
  const figuresOf = (bill: Bill) => {
    const buyer = String(bill.gstno ?? '');
    if (!figuresByBuyer.has(buyer)) figuresByBuyer.set(buyer, billFigures(billType, bill));
    return figuresByBuyer.get(buyer)!;
  };
  const rowOf = (billno: number) => {
    const bill = billOf(billno);
    const record = recordOf(billType, bill);
    return {
      row: {
        unit: record.unit,
        type: record.type,
        fy: record.fy,
        billno: record.billno,
        printed_no: record.printedNo,
        bill_date: record.billDate,
        client_name: record.clientName,
        client_key: clientNameKey(record.clientName),
        header: JSON.stringify(record.header),
        lines: JSON.stringify(record.lines),
        created_at: at,
        created_by: 'bench',
        updated_at: at,
        updated_by: 'bench',
        ...(options.figures ? figureColumns(figuresOf(bill)) : {}),
      },
      figures: options.figures ? figuresOf(bill) : undefined,
    };
  };

  try {
    await storage.database.db.transaction().execute(async (trx) => {
      for (let from = first; from < first + count; from += BILLS_PER_INSERT) {
        const to = Math.min(first + count, from + BILLS_PER_INSERT);
        const bills = Array.from({ length: to - from }, (_, i) => rowOf(from + i));
        const ids = await trx.insertInto('bills').values(bills.map((bill) => bill.row)).returning('id').execute();
        const taxLines = bills.flatMap((bill, i) => (bill.figures ? taxLineRows(ids[i].id, bill.figures) : []));
        for (let start = 0; start < taxLines.length; start += TAX_LINES_PER_INSERT) {
          await trx.insertInto('bill_tax_lines').values(taxLines.slice(start, start + TAX_LINES_PER_INSERT)).execute();
        }
      }
    });
  } finally {
    await storage.close();
  }
}
