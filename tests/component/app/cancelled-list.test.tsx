import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listRoute } from '../../../src/app/paths';
import type { BillListQuery } from '../../../src/app/api/types';
import { billType, fakeApi, renderApp, signIn } from './support';

const taxInvoice = billType('taxinvoice');
const quotation = billType('quotation');

beforeEach(() => signIn());

/** Issue 28: a tax invoice list shows its cancelled bills on request, marked, with Restore instead of Edit and Delete. */
describe('cancelled bills on the list', () => {
  it('asks for the cancelled bills when "Show cancelled" is ticked, marks them and restores one', async () => {
    const live = { billno: 1, date: '2026-11-21', clientname: 'Kept Transport' };
    const cancelled = { billno: 2, date: '2026-11-21', clientname: 'Cancelled Transport', cancelled: true };
    const listBills = vi.fn(async (_type: unknown, query: BillListQuery) =>
      query.cancelled ? { rows: [cancelled, live], total: 2 } : { rows: [live], total: 1 },
    );
    const api = fakeApi([live], { listBills });
    renderApp(listRoute(taxInvoice), api);
    await screen.findByText('Kept Transport');
    expect(screen.queryByText('CANCELLED')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show cancelled' }));
    await waitFor(() => expect(listBills).toHaveBeenLastCalledWith(taxInvoice, expect.objectContaining({ cancelled: true })));
    const row = (await screen.findByText('Cancelled Transport')).closest('tr')!;
    expect(within(row).getByText('CANCELLED')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();

    const calls = listBills.mock.calls.length;
    fireEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restoreBill).toHaveBeenCalledWith(taxInvoice, 2));
    await waitFor(() => expect(listBills.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByText('Bill No. 2 restored')).toBeTruthy();
  });

  it('has no "Show cancelled" on a quotation list (deleted quotations are not cancelled)', async () => {
    renderApp(listRoute(quotation), fakeApi([{ billno: 1, date: '2026-11-21', clientname: 'Acme Pumps' }]));
    await screen.findByText('Acme Pumps');
    expect(screen.queryByRole('checkbox', { name: 'Show cancelled' })).toBeNull();
  });
});
