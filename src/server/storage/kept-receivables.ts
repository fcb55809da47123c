import { sql, type RawBuilder } from 'kysely';
import type { ChainHead } from './audit-chain';
import { readHead } from './audit-head';
import { CLIENT_RECORD_NAME, RECORD_CLIENT, type AuditedWrite, type MovedClients } from './receivable-changes';
import { byMostOwed, type ClientReceivable } from './receivables';
import type { Db, SqlDialect } from './tables';

/** Past this many writes since the last sum, every client is summed again rather than the ones they name. */
const MOST_WRITES_FOLLOWED = 200;

/** Sums a unit's receivables: of every client, or of the one client with this name key. */
export type ReceivablesSum = (clientKey?: string) => Promise<ClientReceivable[]>;

/** A top-level text of an audit record's JSON (`before` or `after`), read by the database: not the whole record. */
function recordText(dialect: SqlDialect, column: 'before' | 'after', field: string): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`cast(${sql.ref(column)} as jsonb) ->> cast(${field} as text)`
    : sql<string | null>`${sql.ref(column)} ->> ${`$.${field}`}`;
}

interface Kept extends ChainHead {
  asof: string;
  creditDays: number;
  clients: Promise<ClientReceivable[]>;
}

/** The list with the moved clients' entries replaced by their fresh sums (none for a client who owes nothing now). */
function withFresh(clients: readonly ClientReceivable[], moved: ReadonlySet<string>, fresh: readonly ClientReceivable[]): ClientReceivable[] {
  return [...clients.filter((client) => !moved.has(client.clientKey)), ...fresh].sort(byMostOwed);
}

/**
 * A unit's receivables as last summed (issue 51). Summing every client reads every live sales bill of the unit with
 * its allocations (100,000 bills: about 300 ms), while the Receivables screen asks for them page by page, for each
 * search and order, and the Today screen once more. Every write that moves a balance (a bill, note, payment,
 * advance, client's credit days, profile) appends to the audit chain in its own transaction, so the chain's head
 * (rows and last hash) is a version of the data that servers sharing one PostgreSQL database agree on, and the rows
 * written since a sum say what moved: the clients they name are summed again, alone (`movedBy`), and the rest kept.
 * The head is read before summing: what is kept is never older than its version.
 */
export function receivablesKeeper(db: Db, dialect: SqlDialect, movedBy: (unit: string, rows: readonly AuditedWrite[]) => MovedClients) {
  const kept = new Map<string, Kept>();

  /** The rows written since `from`, or undefined when the chain is not `from`'s continued (a restored backup). */
  async function writesSince(from: ChainHead, head: ChainHead): Promise<AuditedWrite[] | undefined> {
    if (from.rows === 0 || head.rows <= from.rows || head.rows - from.rows > MOST_WRITES_FOLLOWED) return undefined;
    const rows = await db
      .selectFrom('audit_log')
      .select([
        'seq',
        'hash',
        'action',
        'unit',
        'type',
        recordText(dialect, 'before', RECORD_CLIENT).as('before_client'),
        recordText(dialect, 'after', RECORD_CLIENT).as('after_client'),
        recordText(dialect, 'before', CLIENT_RECORD_NAME).as('before_name'),
        recordText(dialect, 'after', CLIENT_RECORD_NAME).as('after_name'),
      ])
      .where('seq', '>=', from.rows)
      .where('seq', '<=', head.rows)
      .orderBy('seq')
      .execute();
    const continued = rows.length === head.rows - from.rows + 1 && rows[0].hash === from.hash && rows[rows.length - 1].hash === head.hash;
    if (!continued) return undefined;
    return rows.slice(1).map((row) => ({
      action: row.action,
      unit: row.unit,
      type: row.type,
      named: { [RECORD_CLIENT]: [row.before_client, row.after_client], [CLIENT_RECORD_NAME]: [row.before_name, row.after_name] },
    }));
  }

  async function resummed(unit: string, before: Kept, head: ChainHead, sum: ReceivablesSum): Promise<ClientReceivable[]> {
    const writes = await writesSince(before, head);
    const moved = writes && movedBy(unit, writes);
    if (moved === undefined || moved === 'all') return sum();
    const clients = await before.clients.catch(() => undefined);
    if (!clients) return sum();
    const fresh = await Promise.all([...moved].map((clientKey) => sum(clientKey)));
    return withFresh(clients, moved, fresh.flat());
  }

  return async function latest(unit: string, asof: string, creditDays: number, sum: ReceivablesSum): Promise<ClientReceivable[]> {
    const head = await readHead(db);
    const entry = kept.get(unit);
    const sameDay = entry?.asof === asof && entry.creditDays === creditDays;
    if (sameDay && entry.rows === head.rows && entry.hash === head.hash) return entry.clients;
    // Callers asking at once share one sum; a failed sum is not kept.
    const clients = sameDay ? resummed(unit, entry, head, sum) : sum();
    kept.set(unit, { ...head, asof, creditDays, clients });
    clients.catch(() => kept.get(unit)?.clients === clients && kept.delete(unit));
    return clients;
  };
}
