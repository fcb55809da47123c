import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROWS_SHOWN } from '../../../src/app/receivables/rows-shown';
import { receivablesRoute } from '../../../src/app/receivables/receivables-path';
import type { ClientReceivable } from '../../../src/app/receivables/receivables-api';
import { fakeApi, registry, renderApp, signIn } from './support';

beforeEach(() => signIn());

const CLIENTS = 250;
/** Client n owes n × 10.50 rupees, all not yet due; most owed first, as the endpoint sorts. */
const clients: ClientReceivable[] = Array.from({ length: CLIENTS }, (_, index) => {
  const n = CLIENTS - index;
  return { clientname: `Client ${String(n).padStart(3, '0')} Transport`, outstanding: n * 10.5, notdue: n * 10.5, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, oldestdue: '2026-12-27' };
});
// 10.50 × (1 + 2 + ... + 250) = 10.50 × 31,375 = 3,29,437.50
const TOTAL = 329_437.5;

/** The server's paging, as /api/{unit}/receivables answers a page: the test's own copy of what it promises. */
function pagedAnswer(_unit: string, _asof?: string, query: { offset?: number; limit?: number; search?: string } = {}) {
  const { offset = 0, limit, search } = query;
  const matching = search ? clients.filter((client) => client.clientname.toLowerCase().includes(search.toLowerCase())) : clients;
  const totals = { outstanding: TOTAL, notdue: TOTAL, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0, onaccount: 0 };
  return { asof: '2026-11-27', clients: matching.slice(offset, limit === undefined ? undefined : offset + limit), count: matching.length, totals, total: TOTAL };
}

/** Issues 35 and 51: a unit with thousands of clients asks for and draws a page at a time; Search asks the server. */
describe('Receivables with many clients', () => {
  it('draws the first page with every client in the totals, asks for more on request, and finds a client by name', async () => {
    const receivables = vi.fn(async (unit: string, asof?: string, query?: { offset?: number; limit?: number; search?: string }) => pagedAnswer(unit, asof, query));
    const api = fakeApi();
    renderApp(receivablesRoute(registry.units[0]), { ...api, receivables: { ...api.receivables, receivables } });
    const table = await screen.findByRole('table', {}, { timeout: 15000 });
    const bodyRows = () => within(table).getAllByRole('row').filter((row) => row.closest('tbody'));
    await within(table).findByText('Client 250 Transport');
    expect(bodyRows()).toHaveLength(ROWS_SHOWN);
    expect(within(table).queryByText('Client 001 Transport')).toBeNull();
    const footer = within(table).getAllByRole('row').find((row) => row.closest('tfoot'))!;
    expect(within(footer).getAllByText('₹ 3,29,437.50')).toHaveLength(2);
    expect(screen.getByText(/Showing 100 of 250 clients\./)).toBeTruthy();

    expect(receivables).toHaveBeenLastCalledWith(registry.units[0].slug, undefined, { offset: 0, limit: ROWS_SHOWN });

    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(200));
    expect(receivables).toHaveBeenLastCalledWith(registry.units[0].slug, undefined, { offset: 100, limit: ROWS_SHOWN });
    fireEvent.click(await screen.findByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(CLIENTS));
    expect(screen.queryByText(/Showing/)).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'client 001' } });
    await waitFor(() => expect(bodyRows().map((row) => row.textContent)).toEqual([expect.stringContaining('Client 001 Transport₹ 10.50')]));
    expect(receivables).toHaveBeenLastCalledWith(registry.units[0].slug, undefined, { offset: 0, limit: ROWS_SHOWN, search: 'client 001' });
    // The totals stay every client's.
    expect(within(within(table).getAllByRole('row').find((row) => row.closest('tfoot'))!).getAllByText('₹ 3,29,437.50')).toHaveLength(2);
  });
});

describe('Receivables while the next page is on its way', () => {
  it('marks the rows shown as busy until the answer for the new search comes', async () => {
    let answerLater: (() => void) | undefined;
    const receivables = vi.fn(async (unit: string, asof?: string, query?: { offset?: number; limit?: number; search?: string }) => {
      if (query?.search) await new Promise<void>((resolve) => (answerLater = resolve));
      return pagedAnswer(unit, asof, query);
    });
    const api = fakeApi();
    renderApp(receivablesRoute(registry.units[0]), { ...api, receivables: { ...api.receivables, receivables } });
    const table = await screen.findByRole('table', {}, { timeout: 15000 });
    await within(table).findByText('Client 250 Transport');
    expect(table.getAttribute('aria-busy')).toBe('false');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'client 001' } });
    await waitFor(() => expect(answerLater).toBeDefined());
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getByText('Client 250 Transport')).toBeTruthy();

    answerLater!();
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(within(table).queryByText('Client 250 Transport')).toBeNull();
  });
});
