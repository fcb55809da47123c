import type { Selectable, Transaction } from 'kysely';
import { toPaise, type BillFigures } from '../../engine/core';
import type { RECORD_COLUMNS } from './bill-records';
import type { BillRecord } from './bills';
import type { Db, Tables } from './tables';

/** The bills columns that hold a bill's figures, in whole paise. */
export function figureColumns(figures: BillFigures) {
  return {
    taxable: toPaise(figures.taxable),
    cgst: toPaise(figures.cgst),
    sgst: toPaise(figures.sgst),
    igst: toPaise(figures.igst),
    round_off: toPaise(figures.roundOff),
    grand_total: toPaise(figures.grandTotal),
    client_gstin: figures.buyerGstin,
    place_of_supply: figures.placeOfSupply,
  };
}

/** Quantities have at most 6 decimal places (the schema's decimal), so millionths are whole. */
function toMicro(figures: BillFigures['taxLines'][number]): number {
  return Number(figures.qty.times(1_000_000).round(0).toFixed(0));
}

/** The `bill_tax_lines` rows of a bill's figures: one per HSN and rate. */
export function taxLineRows(billId: number, figures: BillFigures) {
  return figures.taxLines.map((line) => ({
    bill_id: billId,
    hsn: line.hsn,
    rate: line.rate,
    taxable: toPaise(line.taxable),
    cgst: toPaise(line.cgst),
    sgst: toPaise(line.sgst),
    igst: toPaise(line.igst),
    qty_micro: toMicro(line),
    uqc: line.uqc,
    description: line.description.slice(0, 200),
  }));
}

/**
 * The bill-transaction step of the figures (issue 18): the bill's columns and its HSN + rate rows,
 * replaced whole, so a report never sees a bill's old tax rows beside its new totals.
 */
export async function writeBillFigures(trx: Transaction<Tables> | Db, billId: number, figures: BillFigures): Promise<void> {
  await trx.updateTable('bills').set(figureColumns(figures)).where('id', '=', billId).execute();
  await trx.deleteFrom('bill_tax_lines').where('bill_id', '=', billId).execute();
  if (!figures.taxLines.length) return;
  await trx.insertInto('bill_tax_lines').values(taxLineRows(billId, figures)).execute();
}

/** Bills read per batch by the backfill: bounded memory on a large database. */
const BACKFILL_BATCH = 500;

/**
 * Fills the figures of bills that have none (stored before migration 0005, or written by a tool that
 * bypasses the API), computed by `figuresOf` (the core's billFigures over the stored bill); bills whose
 * type no schema declares any more are left as they are. Idempotent: several servers may run it at once.
 * With `recomputeUnit`, every bill of that unit is computed again instead (its seller state changed).
 */
export async function fillMissingFigures(
  db: Db,
  figuresOf: (record: BillRecord) => BillFigures | undefined,
  toRecord: (row: Pick<Selectable<Tables['bills']>, (typeof RECORD_COLUMNS)[number]>) => BillRecord,
  recomputeUnit?: string,
): Promise<number> {
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('bills')
      .selectAll()
      .$if(recomputeUnit === undefined, (query) => query.where('grand_total', 'is', null))
      .$if(recomputeUnit !== undefined, (query) => query.where('unit', '=', recomputeUnit ?? ''))
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (!rows.length) return filled;
    afterId = rows[rows.length - 1].id;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const figures = figuresOf(toRecord(row));
        if (!figures) continue;
        await writeBillFigures(trx, row.id, figures);
        filled++;
      }
    });
  }
}
