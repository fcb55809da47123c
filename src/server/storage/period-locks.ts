import type { Transaction } from 'kysely';
import { KIND_FACTS, type Registry } from '../../engine/core';
import { writeAudit } from './audit';
import type { Db, Tables } from './tables';

/** A change refused because the bill's date is in a month whose GSTR-1 is filed (answered 409). */
export class PeriodLockedError extends Error {
  constructor(readonly upto: string) {
    super(`filed up to ${upto}`);
  }
}

/** The unit's "GSTR-1 filed up to" day, '' when none: read inside a bill's transaction, so every server agrees. */
export async function filedUpTo(trx: Transaction<Tables> | Db, unit: string): Promise<string> {
  const row = await trx.selectFrom('filed_periods').select('upto').where('unit', '=', unit).executeTakeFirst();
  return row?.upto ?? '';
}

/** Throws PeriodLockedError when any of the dates is on or before the unit's filed day. */
export async function assertOpenPeriod(trx: Transaction<Tables>, unit: string, dates: string[]): Promise<void> {
  const upto = await filedUpTo(trx, unit);
  if (upto && dates.some((date) => date !== '' && date <= upto)) throw new PeriodLockedError(upto);
}

/**
 * Filed months lock the documents GSTR-1 reports, by their kind's facts (KIND_FACTS gstr1: sales, credit and debit
 * notes, receipts); quotations stay open. Only the document's own dates count: a note dated after the filed month
 * may correct a bill dated in it.
 */
export async function assertOpenReported(
  trx: Transaction<Tables>,
  registry: Registry,
  bill: { unit: string; type: string },
  dates: string[],
): Promise<void> {
  const billType = registry.byType(bill.type);
  if (billType && KIND_FACTS[billType.kind].gstr1) await assertOpenPeriod(trx, bill.unit, dates);
}

/** Each unit's filed period, moved forward freely and back only by the route that checked the password. */
export function periodLockStore(db: Db) {
  return {
    upTo: (unit: string) => filedUpTo(db, unit),

    /** Sets the unit's filed day ('' clears it), audited; answers the day it was before. */
    async set(unit: string, upto: string, operator: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const before = await filedUpTo(trx, unit);
        const at = new Date().toISOString();
        await trx.deleteFrom('filed_periods').where('unit', '=', unit).execute();
        if (upto) await trx.insertInto('filed_periods').values({ unit, upto, updated_at: at, updated_by: operator }).execute();
        await writeAudit(trx, 'lock', operator, { unit, type: 'filed-period', billno: 0 }, { upto: before }, { upto });
        return before;
      });
    },
  };
}

export type PeriodLockStore = ReturnType<typeof periodLockStore>;
