import { AGEING_BUCKETS, paiseToNumber, type AgeingBucket } from '../../engine/core';
import { optionalChoice, optionalInteger, optionalText, type Body } from '../http/body';
import type { ClientReceivable } from '../storage/receivables';

/** How the receivables may be ordered: most owed first (the default), by name, or oldest due first. */
export const RECEIVABLES_SORTS = ['outstanding', 'name', 'oldestdue'] as const;
type ReceivablesSort = (typeof RECEIVABLES_SORTS)[number];

/** The most clients one page may ask for. */
const MAX_PAGE = 1000;

export interface ReceivablesQuery {
  offset: number;
  limit?: number;
  search?: string;
  sort: ReceivablesSort;
}

/** The paging, search and order a receivables call asks for (issue 51); all optional. */
export function receivablesQueryOf(body: Body): ReceivablesQuery {
  return {
    offset: optionalInteger(body, 'offset', 0, 10_000_000) ?? 0,
    limit: optionalInteger(body, 'limit', 1, MAX_PAGE),
    search: optionalText(body, 'search')?.trim().toLowerCase() || undefined,
    sort: optionalChoice(body, 'sort', RECEIVABLES_SORTS) ?? 'outstanding',
  };
}

const byName = new Intl.Collator();

const ORDERS: Record<ReceivablesSort, (a: ClientReceivable, b: ClientReceivable) => number> = {
  // The storage's own order: most owed first, then by name.
  outstanding: () => 0,
  name: (a, b) => byName.compare(a.clientName, b.clientName),
  oldestdue: (a, b) => a.oldestDue.localeCompare(b.oldestDue) || b.outstanding - a.outstanding,
};

/** Every client's figures summed (the screen's totals row): whatever page or search is shown, in whole paise. */
function totalsOf(clients: readonly ClientReceivable[]) {
  const sums: Record<AgeingBucket | 'outstanding' | 'onaccount', number> = { outstanding: 0, onaccount: 0, notdue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 };
  for (const client of clients) {
    sums.outstanding += client.outstanding;
    sums.onaccount += client.onAccount;
    for (const bucket of AGEING_BUCKETS) sums[bucket] += client.ageing[bucket];
  }
  return Object.fromEntries(Object.entries(sums).map(([key, paise]) => [key, paiseToNumber(paise)]));
}

/**
 * The clients a call asks for, out of a unit's receivables (most owed first): those whose name holds `search`, in
 * its order, `limit` of them from `offset` (all without a limit); `count` is how many matched, `totals` are every
 * client's, so the screen shows one page and the unit's totals.
 */
export function receivablesPage(clients: ClientReceivable[], query: ReceivablesQuery) {
  const { search, sort, offset, limit } = query;
  const matching = search ? clients.filter((client) => client.clientName.toLowerCase().includes(search)) : clients;
  const ordered = sort === 'outstanding' ? matching : [...matching].sort(ORDERS[sort]);
  return {
    page: ordered.slice(offset, limit === undefined ? undefined : offset + limit),
    count: matching.length,
    totals: totalsOf(clients),
  };
}
