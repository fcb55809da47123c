import { clientNameKey, KIND_FACTS, type Registry } from '../../engine/core';
import { AUDITED_RECORDS } from './audit';
import type { BillRecord } from './bills';
import type { StoredPayment } from './payments';
import type { AuditAction } from './tables';

/**
 * What of an audit row tells whose receivables it may have moved: its action, document, and the names its records
 * (before and after) give under RECORD_CLIENT (a bill, a payment) and CLIENT_RECORD_NAME (a client), as read out of
 * their JSON by the database.
 */
export interface AuditedWrite {
  action: AuditAction;
  unit: string;
  type: string;
  named: Record<NamingField, Array<string | null>>;
}

/** The clients (by name key) whose receivables some writes moved, or 'all' when that cannot be told from them. */
export type MovedClients = ReadonlySet<string> | 'all';

/** Where a bill's and a payment's audited records name their client. */
export const RECORD_CLIENT = 'clientName' satisfies keyof BillRecord & keyof StoredPayment;
/** Where a client's audited record names it (clients.ts `audited`). */
export const CLIENT_RECORD_NAME = 'name';
type NamingField = typeof RECORD_CLIENT | typeof CLIENT_RECORD_NAME;

/** Actions that move no balance and no client's credit days. */
const NO_BALANCE_MOVED: ReadonlySet<AuditAction> = new Set(['series', 'lock', 'lock-password', 'mail-settings', 'send', 'registration', 'operator']);

/**
 * The field that names the client in a row's records, '' for a row that moves none of `unit`'s receivables, and
 * undefined when the row may move any client's (a note, a receipt or refund voucher, an advance adjusted, a profile,
 * a record of a kind not known here): those are summed again in full, the safe way.
 */
function clientField(registry: Registry, unit: string, row: AuditedWrite): NamingField | '' | undefined {
  if (NO_BALANCE_MOVED.has(row.action)) return '';
  if (row.type === AUDITED_RECORDS.client) return CLIENT_RECORD_NAME;
  if (row.unit !== unit) return '';
  if (row.type === AUDITED_RECORDS.payment) return RECORD_CLIENT;
  const billType = registry.byType(row.type);
  if (!billType || billType.unit !== unit) return undefined;
  if (KIND_FACTS[billType.kind].owed === 0) return '';
  return billType.countsAsSales ? RECORD_CLIENT : undefined;
}

/**
 * Issue 51: whose receivables in `unit` the audited writes moved. A sale, a payment or a client's details move only
 * the clients they name (both, when a bill changed client); a sale's row naming none (an advance adjusted against it)
 * and anything else that may move a balance ask for every client.
 */
export function clientsMovedBy(registry: Registry, unit: string, rows: readonly AuditedWrite[]): MovedClients {
  const moved = new Set<string>();
  for (const row of rows) {
    const field = clientField(registry, unit, row);
    if (field === '') continue;
    if (field === undefined) return 'all';
    const names = row.named[field].filter((name) => name !== null && name.trim() !== '');
    if (names.length === 0) return 'all';
    for (const name of names) moved.add(clientNameKey(name!));
  }
  return moved;
}
