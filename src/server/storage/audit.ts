import type { Transaction } from 'kysely';
import type { AuditAction, Db, Tables } from './tables';

/** Enough of a bill to name it in the log: numbers are per (unit, type). */
interface AuditedKey {
  unit: string;
  type: string;
  billno: number;
}

/** Writes the audit row of a change inside the change's own transaction, so neither exists without the other. */
export async function writeAudit(
  trx: Transaction<Tables>,
  action: AuditAction,
  operator: string,
  key: AuditedKey,
  before: object | null,
  after: object | null,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      operator,
      action,
      unit: key.unit,
      type: key.type,
      billno: key.billno,
      before: before && JSON.stringify(before),
      after: after && JSON.stringify(after),
    })
    .execute();
}

/** Audit rows of events that change nothing else (a password check): each written in its own transaction. */
export function auditStore(db: Db) {
  return {
    record(action: AuditAction, operator: string, key: AuditedKey, before: object | null, after: object | null): Promise<void> {
      return db.transaction().execute((trx) => writeAudit(trx, action, operator, key, before, after));
    },
  };
}

export type AuditStore = ReturnType<typeof auditStore>;
