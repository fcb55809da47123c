import { RECORD_COLUMNS, toRecord } from './bill-records';
import type { BillRecord } from './bills';
import type { Db } from './tables';

/** Bills read per batch: bounded memory however many are stored. */
const BATCH = 500;

/** Every stored bill (deleted ones too: they can be restored), oldest first, read in batches. */
export async function* storedRecords(db: Db): AsyncGenerator<BillRecord> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('bills')
      .select(['id', ...RECORD_COLUMNS])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    afterId = rows[rows.length - 1].id;
    for (const row of rows) yield toRecord(row);
  }
}
