import type { SelectQueryBuilder } from 'kysely';
import type { AuditRowFields } from '../../engine/core';
import type { Db, Tables } from './tables';

/** Which audit rows a reader asks for; every part optional. */
export interface AuditFilter {
  /** ISO instants: from included, to excluded. */
  from?: string;
  to?: string;
  operator?: string;
  /** A row `type` (a bill type, client, product, profile ...). */
  type?: string;
  action?: string;
  /** The units an operator limited to some may see; null or absent: every row. */
  units?: readonly string[] | null;
}

/** An audit row as read: its place in the chain, its key, and its before and after parsed. */
export interface StoredAuditRow extends AuditRowFields {
  before: unknown;
  after: unknown;
  /** The chain's hash of the row; '' until the chain is kept. */
  hash: string;
}

/** The choices of the trail's filters: who and what appear in the rows a reader may see. */
export interface AuditChoices {
  operators: string[];
  actions: string[];
}

type AuditQuery = SelectQueryBuilder<Tables, 'audit_log', object>;

/** Rows at a time when the whole (filtered) trail is read: a year's trail never sits in memory at once. */
const BATCH = 500;

function filtered(query: AuditQuery, filter: AuditFilter): AuditQuery {
  let narrowed = query;
  if (filter.from) narrowed = narrowed.where('at', '>=', filter.from);
  if (filter.to) narrowed = narrowed.where('at', '<', filter.to);
  if (filter.operator) narrowed = narrowed.where('operator', '=', filter.operator);
  if (filter.type) narrowed = narrowed.where('type', '=', filter.type);
  if (filter.action) narrowed = narrowed.where('action', '=', filter.action as never);
  if (filter.units) narrowed = filter.units.length ? narrowed.where('unit', 'in', [...filter.units]) : narrowed.where('unit', '=', '\u0000');
  return narrowed;
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/**
 * The row as stored: `seq` and `hash` are the chain's columns where the database has them (the chain's migration
 * adds them), else the row's id and ''.
 */
function rowOf(row: Record<string, unknown>): StoredAuditRow {
  return {
    seq: Number(row.seq ?? row.id),
    at: String(row.at),
    operator: String(row.operator),
    action: String(row.action),
    unit: String(row.unit),
    type: String(row.type),
    billno: Number(row.billno),
    before: parsed(row.before as string | null),
    after: parsed(row.after as string | null),
    hash: typeof row.hash === 'string' ? row.hash : '',
  };
}

/** Reads the audit trail (it is written only by storage/audit.ts, in each change's transaction). */
export function auditTrailStore(db: Db) {
  const rows = () => db.selectFrom('audit_log') as AuditQuery;
  return {
    /** A page of rows, newest first, and how many match. */
    async page(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: StoredAuditRow[]; total: number }> {
      const [found, count] = await Promise.all([
        filtered(rows(), filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered(rows(), filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: found.map((row) => rowOf(row as Record<string, unknown>)), total: Number(count.n) };
    },

    /** Every matching row, oldest first, read a batch at a time. */
    async *inOrder(filter: AuditFilter): AsyncGenerator<StoredAuditRow> {
      let after = 0;
      for (;;) {
        const batch = await filtered(rows(), filter).selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute();
        for (const row of batch) yield rowOf(row as Record<string, unknown>);
        if (batch.length < BATCH) return;
        after = batch[batch.length - 1].id;
      }
    },

    /** The rows of one document (a bill's number of its type and unit, any year), oldest first. */
    async ofDocument(unit: string, type: string, billno: number): Promise<StoredAuditRow[]> {
      const found = await rows().selectAll().where('unit', '=', unit).where('type', '=', type).where('billno', '=', billno).orderBy('id').execute();
      return found.map((row) => rowOf(row as Record<string, unknown>));
    },

    /** The operators and actions of the rows a reader may see, sorted. */
    async choices(units: readonly string[] | null): Promise<AuditChoices> {
      const distinct = async (column: 'operator' | 'action') => {
        const found = await filtered(rows(), { units }).select(column).distinct().orderBy(column).execute();
        return found.map((row) => String((row as Record<string, unknown>)[column]));
      };
      const [operators, actions] = await Promise.all([distinct('operator'), distinct('action')]);
      return { operators, actions };
    },
  };
}

export type AuditTrailStore = ReturnType<typeof auditTrailStore>;
