/**
 * Many stored bills at once, written through the storage layer's database (Kysely over the server's
 * SQLite file) in one transaction of multi-row inserts: 100,000 creates over HTTP would take an hour of
 * PDFs. The rows are what a create stores (the record of a normalised valid payload); no audit rows.
 */
import { normalizeBill, toStoredBill, type BillType } from '../../../src/engine/core';
import { recordOf } from '../../../src/server/bills/shape';
import { openStorage } from '../../../src/server/storage';
import { validPayload } from '../../../tests/fixtures/payloads';

const COMPANIES = ['Sahyadri Transport', 'Shree Ganesh Logistics', 'Konkan Roadways', 'Deccan Earthmovers', 'Vidarbha Gensets'];
/** SQLite allows 32,766 bound values a statement; a bill row binds 12. */
const ROWS_PER_INSERT = 2000;

/** The client name of bill number n: a company, then the number, so a search can find one bill or many. */
export const clientOf = (billno: number) => `${COMPANIES[billno % COMPANIES.length]} ${billno}`;

export async function seedBills(dataDir: string, billType: BillType, count: number, linesPerBill = 3): Promise<void> {
  const storage = await openStorage({ dataDir });
  try {
    const at = new Date().toISOString();
    const rowOf = (billno: number) => {
      const payload = validPayload(billType, linesPerBill, { invoiceno: billno, clientname: clientOf(billno) });
      const record = recordOf(billType, toStoredBill(billType, normalizeBill(billType, payload)));
      return {
        unit: record.unit,
        type: record.type,
        billno: record.billno,
        bill_date: record.billDate,
        client_name: record.clientName,
        header: JSON.stringify(record.header),
        lines: JSON.stringify(record.lines),
        created_at: at,
        created_by: 'bench',
        updated_at: at,
        updated_by: 'bench',
      };
    };
    await storage.database.db.transaction().execute(async (trx) => {
      for (let first = 1; first <= count; first += ROWS_PER_INSERT) {
        const last = Math.min(count, first + ROWS_PER_INSERT - 1);
        const rows = Array.from({ length: last - first + 1 }, (_, i) => rowOf(first + i));
        await trx.insertInto('bills').values(rows).execute();
      }
    });
  } finally {
    await storage.close();
  }
}
