import type { Transaction } from 'kysely';
import { appendToChain } from './audit-chain';
import type { AuditAction, Db, Tables } from './tables';

/** The audit rows' `type` of records that are not bills (a bill's rows carry its bill type). */
export const AUDITED_RECORDS = { payment: 'payment', client: 'client' } as const;

/** Enough of a bill to name it in the log: numbers are per (unit, type). */
export interface AuditedKey {
  unit: string;
  type: string;
  billno: number;
}

/**
 * Writes the audit row of a change inside the change's own transaction, so neither exists without the other, as
 * the next link of the audit chain (audit-chain.ts). The chain's head stays locked to the end of the transaction:
 * call this after the change's other writes, so the lock every audited write waits for is taken last.
 */
export async function writeAudit(
  trx: Transaction<Tables>,
  action: AuditAction,
  operator: string,
  key: AuditedKey,
  before: object | null,
  after: object | null,
): Promise<void> {
  await appendToChain(trx, {
    at: new Date().toISOString(),
    operator,
    action,
    unit: key.unit,
    type: key.type,
    billno: key.billno,
    before: before && JSON.stringify(before),
    after: after && JSON.stringify(after),
  });
}

/**
 * An audit row a step of a change owes (a payment a cancelled bill freed), handed back to the change so it is
 * written with the change's own row, last: the chain's head lock is then taken after every other lock.
 */
export interface OwedAudit {
  action: AuditAction;
  key: AuditedKey;
  before: object | null;
  after: object | null;
}

/** The rows steps of a change owe, then the change's own: each by `operator`, in this order. */
export async function writeAudits(trx: Transaction<Tables>, operator: string, rows: readonly OwedAudit[]): Promise<void> {
  for (const row of rows) await writeAudit(trx, row.action, operator, row.key, row.before, row.after);
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
