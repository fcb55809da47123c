import { clientNameKey, KIND_FACTS, type Registry } from '../../engine/core';
import { AUDITED_RECORDS } from './audit';
import type { BillRecord } from './bills';
import type { StoredPayment } from './payments';
import type { AuditAction } from './tables';

/** What of an audit row tells whose receivables it may have moved. */
export interface AuditedWrite {
  action: AuditAction;
  unit: string;
  type: string;
  before: string | null;
  after: string | null;
}

/** The clients (by name key) whose receivables some writes moved, or 'all' when that cannot be told from them. */
export type MovedClients = ReadonlySet<string> | 'all';

/** Where a bill's and a payment's audited records name their client. */
const RECORD_CLIENT: keyof BillRecord & keyof StoredPayment = 'clientName';

/** Actions that move no balance and no client's credit days. */
const NO_BALANCE_MOVED: ReadonlySet<AuditAction> = new Set(['series', 'lock', 'lock-password', 'mail-settings', 'send', 'registration', 'operator']);

/** The client named by a record's JSON (before or after) under `field`, if any. */
function namedClient(json: string | null, field: string): string | undefined {
  if (json === null) return undefined;
  const name = (JSON.parse(json) as Record<string, unknown>)[field];
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}

/**
 * The field that names the client in a row's records, '' for a row that moves none of `unit`'s receivables, and
 * undefined when the row may move any client's (a note, a receipt or refund voucher, an advance adjusted, a profile,
 * a record of a kind not known here): those are summed again in full, the safe way.
 */
function clientField(registry: Registry, unit: string, row: AuditedWrite): string | undefined {
  if (NO_BALANCE_MOVED.has(row.action)) return '';
  if (row.type === AUDITED_RECORDS.client) return 'name';
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
    const names = [namedClient(row.before, field), namedClient(row.after, field)].filter((name) => name !== undefined);
    if (names.length === 0) return 'all';
    for (const name of names) moved.add(clientNameKey(name));
  }
  return moved;
}
