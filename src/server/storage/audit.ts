import type { Transaction } from 'kysely';
import type { AuditAction, Tables } from './tables';

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
