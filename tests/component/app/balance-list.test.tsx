import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listRoute } from '../../../src/app/paths';
import type { BillListQuery } from '../../../src/app/api/types';
import { billType, fakeApi, renderApp, signIn } from './support';

const invoice = billType('invoice');
const quotation = billType('quotation');

beforeEach(() => signIn());

/** Issue 29: a sales list shows each bill's balance with its status, and lists only the unpaid ones on request. */
describe('balances on the list', () => {
  it('shows Balance with a status badge and asks for the unpaid bills when "Unpaid" is ticked', async () => {
    const paid = { billno: 1, date: '2026-11-02', clientname: 'Settled Transport', grandtotal: 700, total: 700, paid: 700, balance: 0, due: '2026-11-02', status: 'paid' };
    const owing = { billno: 2, date: '2026-11-03', clientname: 'Owing Transport', grandtotal: 1000, total: 1000, paid: 400, balance: 600, due: '2026-12-03', status: 'partlypaid' };
    const listBills = vi.fn(async (_type: unknown, query: BillListQuery) => (query.unpaid ? { rows: [owing], total: 1 } : { rows: [owing, paid], total: 2 }));
    renderApp(listRoute(invoice), fakeApi([owing, paid], { listBills }));
    const owingRow = (await screen.findByText('Owing Transport', {}, { timeout: 15000 })).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toBeTruthy();
    expect(within(owingRow).getByText('Part paid')).toBeTruthy();
    expect(owingRow.textContent).toContain('₹ 600.00');
    expect(within(screen.getByText('Settled Transport').closest('tr')!).getByText('Paid')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unpaid' }));
    await waitFor(() => expect(listBills).toHaveBeenLastCalledWith(invoice, expect.objectContaining({ unpaid: true })));
    await waitFor(() => expect(screen.queryByText('Settled Transport')).toBeNull());
  });

  it('has no Balance or "Unpaid" on a quotation list', async () => {
    renderApp(listRoute(quotation), fakeApi([{ billno: 1, date: '2026-11-21', clientname: 'Acme Pumps' }]));
    await screen.findByText('Acme Pumps', {}, { timeout: 15000 });
    expect(screen.queryByRole('checkbox', { name: 'Unpaid' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Balance' })).toBeNull();
  });
});
