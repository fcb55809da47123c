import type { Transaction } from 'kysely';
import type { Registry } from '../../engine/core';
import { writeAudit } from './audit';
import type { Db, Tables } from './tables';

/**
 * The number series each bill type of a unit numbers under: its schema's x-bill.series unless the unit's
 * Business Profile changed it. Read inside a bill's transaction when numbering.
 */
export function numberSeriesStore(db: Db, registryOf: () => Registry) {
  async function changed(trx: Transaction<Tables> | Db, unit: string): Promise<Map<string, string>> {
    const rows = await trx.selectFrom('number_series').select(['type', 'format']).where('unit', '=', unit).execute();
    return new Map(rows.map((row) => [row.type, row.format]));
  }

  return {
    /** Every bill type of the unit with its series format. */
    async formats(unit: string, trx: Transaction<Tables> | Db = db): Promise<Record<string, string>> {
      const saved = await changed(trx, unit);
      const types = registryOf().billTypes.filter((billType) => billType.unit === unit);
      return Object.fromEntries(types.map((billType) => [billType.type, saved.get(billType.type) ?? billType.series]));
    },

    async formatOf(unit: string, type: string, trx: Transaction<Tables> | Db = db): Promise<string> {
      const saved = await changed(trx, unit);
      return saved.get(type) ?? registryOf().byType(type)?.series ?? '{n}';
    },

    /** Stores the changed formats (checked by the route), each audited; a schema's own default is not kept. */
    async save(unit: string, formats: Record<string, string>, operator: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await changed(trx, unit);
        const at = new Date().toISOString();
        for (const [type, format] of Object.entries(formats)) {
          const previous = before.get(type) ?? registryOf().byType(type)?.series;
          if (previous === format) continue;
          await trx.deleteFrom('number_series').where('unit', '=', unit).where('type', '=', type).execute();
          if (format !== registryOf().byType(type)?.series) {
            await trx.insertInto('number_series').values({ unit, type, format, updated_at: at, updated_by: operator }).execute();
          }
          await writeAudit(trx, 'series', operator, { unit, type, billno: 0 }, { series: previous }, { series: format });
        }
      });
    },
  };
}

export type NumberSeriesStore = ReturnType<typeof numberSeriesStore>;
