import { readHead } from './audit-head';
import type { ClientReceivable } from './receivables';
import type { Db } from './tables';

/**
 * A unit's receivables as last summed, kept until anything is written (issue 51). Summing them reads every live
 * sales bill of the unit with its allocations (100,000 bills: about 300 ms), while the Receivables screen asks
 * for them page by page, for each search and order, and the Today screen once more. Every write that moves a
 * balance (a bill, note, payment, advance, client's credit days, profile) appends to the audit chain in its own
 * transaction, so the chain's head (rows and last hash) is a version of the data that servers sharing one
 * PostgreSQL database agree on. The head is read before summing: what is kept is never older than its version.
 */
export function receivablesKeeper(db: Db) {
  const kept = new Map<string, { version: string; clients: Promise<ClientReceivable[]> }>();
  return async function latest(unit: string, asof: string, creditDays: number, sum: () => Promise<ClientReceivable[]>): Promise<ClientReceivable[]> {
    const head = await readHead(db);
    const version = `${asof} ${creditDays} ${head.rows} ${head.hash}`;
    const entry = kept.get(unit);
    if (entry?.version === version) return entry.clients;
    // Callers asking at once share one sum; a failed sum is not kept.
    const clients = sum();
    kept.set(unit, { version, clients });
    clients.catch(() => kept.get(unit)?.clients === clients && kept.delete(unit));
    return clients;
  };
}
