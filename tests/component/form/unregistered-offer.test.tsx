import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { cell, fakeBackend, formReady, registry, renderEditor, type FakeBackend } from './harness';

afterEach(cleanup);

// Picked by keyword, never by name: the goods bill that needs a GSTIN and offers a type for unregistered buyers.
const taxGoods = registry.billTypes.find((b) => b.lines === 'goods' && b.unregisteredAs !== undefined)!;
const walkIn = registry.byType(taxGoods.unregisteredAs!)!;

const KAVERI = { clientname: 'Kaveri Agro', clientaddress: 'Plot 4, Hosur 635109' };
const SHREE = { clientname: 'Shree Ganesh Transport', clientaddress: 'Taloja', gstno: '27AAPFU0939F1ZV' };
const OFFER = 'Kaveri Agro has no GSTIN. Bill them on a Walk-in Tax Invoice Bill?';

async function openTaxInvoice(backend: FakeBackend) {
  backend.services.savedClients.mockResolvedValue([KAVERI, SHREE]);
  renderEditor(taxGoods, backend);
  await formReady(backend);
  await waitFor(() => expect(backend.services.savedClients).toHaveBeenCalled());
  const user = userEvent.setup();
  // One line typed before the client is picked.
  await user.type(cell('Description of Goods', 1), 'Nozzle set');
  await user.type(cell('HSN', 1), '8413');
  await user.type(cell('GST %', 1), '18');
  await user.type(cell('QTY', 1), '2');
  await user.type(cell('Rate', 1), '450');
  return user;
}

async function pick(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  await user.type(screen.getByLabelText('Client Company Name'), typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('a saved client without a GSTIN on the tax invoice screen (issue 26)', () => {
  it('offers the walk-in type, the safe answer last (focused); yes opens it with the client and the lines typed', async () => {
    const backend = fakeBackend();
    backend.ui.ask.mockResolvedValueOnce({ choice: 'move' });
    const user = await openTaxInvoice(backend);
    await pick(user, 'Kav', KAVERI.clientname);

    await waitFor(() => expect(backend.ui.openCreate).toHaveBeenCalledTimes(1));
    const question = backend.ui.ask.mock.calls[0][0];
    expect(question.description).toBe(OFFER);
    expect(question.choices.map((choice) => choice.label)).toEqual(['Bill as unregistered', 'Stay here']);
    const [target, carried] = backend.ui.openCreate.mock.calls[0];
    expect(target).toBe(walkIn);
    expect(carried).toEqual({
      clientname: 'Kaveri Agro',
      clientaddress: 'Plot 4, Hosur 635109',
      // The line as the form holds it: typed text, the amount worked out (2 × 450).
      product: [expect.objectContaining({ srno: 1, goods: 'Nozzle set', hsn: '8413', taxrate: '18', qty: '2', rate: '450', amount: '900.00' })],
    });
  });

  it('"Stay here" keeps the tax invoice, filled with the client as before', async () => {
    const backend = fakeBackend();
    backend.ui.ask.mockResolvedValueOnce({ choice: 'stay' });
    const user = await openTaxInvoice(backend);
    await pick(user, 'Kav', KAVERI.clientname);

    await waitFor(() => expect(field('Client Company Address').value).toBe(KAVERI.clientaddress));
    expect(backend.ui.ask).toHaveBeenCalledTimes(1);
    expect(backend.ui.openCreate).not.toHaveBeenCalled();
    expect(field('Client Company Name').value).toBe(KAVERI.clientname);
    expect(cell('Description of Goods', 1).value).toBe('Nozzle set');
  });

  it('a client with a GSTIN is filled in without a question', async () => {
    const backend = fakeBackend();
    const user = await openTaxInvoice(backend);
    await pick(user, 'Shree', SHREE.clientname);

    await waitFor(() => expect(field('Client Company Address').value).toBe(SHREE.clientaddress));
    expect(backend.ui.ask).not.toHaveBeenCalled();
    expect(backend.ui.openCreate).not.toHaveBeenCalled();
  });

  it('the walk-in create screen starts from the carried data, with its own next number and place of supply', async () => {
    const backend = fakeBackend({ nextNumber: (billType: BillType) => (billType === walkIn ? 7 : 41) });
    const carried = { ...KAVERI, product: [{ srno: 1, goods: 'Nozzle set', hsn: '8413', taxrate: 18, qty: 2, rate: 450, per: 'per' }] };
    renderEditor(walkIn, backend, { mode: 'create' }, { initialData: carried });
    await formReady(backend);

    expect(field('Client Company Name').value).toBe(KAVERI.clientname);
    expect(field('Client Company Address').value).toBe(KAVERI.clientaddress);
    expect(cell('Description of Goods', 1).value).toBe('Nozzle set');
    expect(cell('Rate', 1).value).toBe('450');
    expect(field('Invoice No.').value).toBe('7');
    const place = walkIn.roles.placeOfSupply!;
    // The seller's state (units.json: Maharashtra, 27), as on any new walk-in bill.
    expect(screen.getByLabelText<HTMLSelectElement>(place.title).selectedOptions[0].textContent).toMatch(/Maharashtra/);
  });
});
