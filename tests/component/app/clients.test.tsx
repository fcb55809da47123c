import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedClient } from '../../../src/app/api/clients-api';
import { fakeApi, renderApp, signIn } from './support';

// jsdom does not scroll: the Clients screen brings its form and a client's bills into view.
Element.prototype.scrollIntoView ??= () => {};

const KAVERI = {
  _id: '7',
  clientname: 'Kaveri Agro Industries',
  clientaddress: 'Hosur Road, Bengaluru 560068',
  gstno: '29AAGCB7383J1Z4',
  phone: '+91 80 2345 6789',
  billCount: 2,
  lastBilled: '2026-11-21',
};

/** The Clients screen over a fake API holding one saved client. */
async function openClients() {
  const api = fakeApi();
  api.clients.list = vi.fn(async () => ({ clients: [KAVERI as SavedClient], total: 1 }));
  api.clients.bills = vi.fn(async () => [{ billtype: 'taxinvoice', billno: 12, date: '2026-11-21', total: 5900 }]);
  signIn();
  renderApp('/clients', api);
  // The screen is its own chunk: on a busy machine it loads in more than findBy's 1 s.
  const row = (await screen.findByText(KAVERI.clientname, {}, { timeout: 15_000 })).closest('tr')!;
  return { api, row, user: userEvent.setup() };
}

describe('Clients screen (issue 16)', () => {
  it('lists a client with its GSTIN state, contact, bill count, balance and last billed date', async () => {
    const { api, row } = await openClients();
    expect(api.clients.list).toHaveBeenCalledWith({ search: '', offset: 0, limit: 25 });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // Issue 50: the balance owed (nothing here: the fake receivables are empty).
    expect(cells.slice(0, 7)).toEqual([KAVERI.clientname, KAVERI.clientaddress, `${KAVERI.gstno}Karnataka`, KAVERI.phone, '2', '—', '21-11-2026']);
  });

  it('checks an edit as the server does before sending it, then saves it with the client\'s _id', async () => {
    const { api, row, user } = await openClients();
    await user.click(within(row).getByRole('button', { name: `Edit ${KAVERI.clientname}` }));
    const form = screen.getByRole('form', { name: `Edit Client: ${KAVERI.clientname}` });
    const gstin = within(form).getByLabelText('Client GSTIN/UIN');
    await user.clear(gstin);
    await user.type(gstin, '29AAGCB7383J1Z5');
    expect(within(form).getByText('Not a valid GSTIN yet (15 characters, the last a check character).')).toBeDefined();
    await user.click(within(form).getByRole('button', { name: 'Save Client' }));
    await screen.findByText('Client GSTIN 29AAGCB7383J1Z5 is not valid: please check it.');
    expect(api.clients.save).not.toHaveBeenCalled();

    await user.clear(gstin);
    await user.type(gstin, KAVERI.gstno);
    const address = within(form).getByLabelText(/^Client Company Address/);
    await user.clear(address);
    await user.type(address, 'Plot 4, Hosur 635109');
    await user.click(within(form).getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(api.clients.save).toHaveBeenCalledTimes(1));
    expect(api.clients.save).toHaveBeenCalledWith(
      expect.objectContaining({ _id: '7', clientname: KAVERI.clientname, clientaddress: 'Plot 4, Hosur 635109', gstno: KAVERI.gstno }),
    );
    await screen.findByText('Client saved.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('deletes only after the confirmation, and shows a client\'s bills with links to open them', async () => {
    const { api, row, user } = await openClients();
    await user.click(within(row).getByRole('button', { name: `Delete ${KAVERI.clientname}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete Client ${KAVERI.clientname}` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.clients.remove).not.toHaveBeenCalled();
    await user.click(within(row).getByRole('button', { name: `Delete ${KAVERI.clientname}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.clients.remove).toHaveBeenCalledWith('7'));

    await user.click(within(row).getByRole('button', { name: `Bills of ${KAVERI.clientname}` }));
    const bills = await screen.findByRole('region', { name: `Bills of ${KAVERI.clientname}` });
    const open = await within(bills).findByRole('link', { name: 'Open Tax Invoice Bill No. 12' });
    expect(open.getAttribute('href')).toBe('/gst/view/taxinvoicebill/12');
  });
});
