import type { ExpressionBuilder } from 'kysely';
import { writeAudit } from './audit';
import type { BillKey } from './bills';
import type { Db, Tables } from './tables';

/** The kinds of portal answer a bill keeps: its e-way bill, its e-invoice registration. */
export type RegistrationKind = 'ewb' | 'irn';

/** What a portal answered, by kind: the fields as the operator typed them back. */
export type Registrations = Partial<Record<RegistrationKind, Record<string, string>>>;

/** The rows of one bill. */
const ofBill = (key: BillKey) => (eb: ExpressionBuilder<Tables, 'bill_registrations'>) =>
  eb.and({ unit: key.unit, type: key.type, fy: key.fy, billno: key.billno });

/**
 * Issue 33: the portals' answers for a bill. Saving one replaces the bill's earlier answer of that kind, with
 * an audit row (action 'registration', the answers before and after) in the same transaction.
 */
export function registrationStore(db: Db) {
  return {
    async find(key: BillKey): Promise<Registrations> {
      const rows = await db
        .selectFrom('bill_registrations')
        .select(['kind', 'data'])
        .where(ofBill(key))
        .execute();
      return Object.fromEntries(rows.map((row) => [row.kind, JSON.parse(row.data) as Record<string, string>]));
    },

    async save(bill: BillKey, kind: RegistrationKind, data: Record<string, string>, operator: string): Promise<void> {
      // Only the key: a caller may pass a whole bill record.
      const key: BillKey = { unit: bill.unit, type: bill.type, fy: bill.fy, billno: bill.billno };
      const at = new Date().toISOString();
      const json = JSON.stringify(data);
      await db.transaction().execute(async (trx) => {
        const match = trx
          .selectFrom('bill_registrations')
          .select('data')
          .where(ofBill(key))
          .where('kind', '=', kind);
        const before = await match.executeTakeFirst();
        if (before) {
          await trx
            .updateTable('bill_registrations')
            .set({ data: json, saved_at: at, saved_by: operator })
            .where(ofBill(key))
            .where('kind', '=', kind)
            .execute();
        } else {
          await trx.insertInto('bill_registrations').values({ ...key, kind, data: json, saved_at: at, saved_by: operator }).execute();
        }
        const previous = before ? { [kind]: JSON.parse(before.data) as object } : null;
        await writeAudit(trx, 'registration', operator, key, previous, { [kind]: data, fy: key.fy });
      });
    },
  };
}

export type RegistrationStore = ReturnType<typeof registrationStore>;
