import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedEntry } from '../../../src/app/api/catalogs-api';
import type { Catalog } from '../../../src/engine/core';
import { fakeApi, renderApp, signIn } from './support';

Element.prototype.scrollIntoView ??= () => {};

const TURBO: SavedEntry = { _id: '3', name: 'Turbocharger', fills: { hsn: '8414', taxrate: '18', rate: '23500', per: 'set' } };
const GASKET: SavedEntry = { _id: '4', name: 'Gasket kit', fills: { hsn: '8484', taxrate: '18', rate: '', per: '' } };

/** The Products & Services screen over a fake API whose tax products list holds two entries. */
async function openCatalogs() {
  const api = fakeApi();
  api.catalogs.list = vi.fn(async (catalog: Catalog) => (catalog.name === 'taxproduct' ? [TURBO, GASKET] : []));
  signIn();
  renderApp('/products', api);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Products & Services' }, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: 'Tax products' }));
  const row = (await screen.findByText('Turbocharger')).closest('tr')!;
  return { api, row, user };
}

describe('Products & Services screen (issue 30)', () => {
  it('lists a tax product with the columns of the line it fills: HSN, GST rate, rate and unit by its label', async () => {
    const { row } = await openCatalogs();
    const headers = within(row.closest('table')!).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Description of Goods', 'HSN', 'GST %', 'Rate', 'Per', 'Actions']);
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['Turbocharger', '8414', '18', '23500', 'set']);
  });

  it('searches by any part of the name', async () => {
    const { user } = await openCatalogs();
    await user.type(screen.getByRole('searchbox'), 'GASK');
    expect(screen.queryByText('Turbocharger')).toBeNull();
    expect(screen.getByText('Gasket kit')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'valve');
    expect(screen.getByText('Nothing in Tax products matches “valve”.')).toBeTruthy();
  });

  it('renames and re-prices an entry, sending every fill as given', async () => {
    const { api, user } = await openCatalogs();
    await user.click(screen.getByRole('button', { name: 'Edit Turbocharger' }));
    const name = screen.getByLabelText('Description of Goods *');
    await user.clear(name);
    await user.type(name, 'Turbocharger (Garrett)');
    await user.clear(screen.getByLabelText('Rate'));
    await user.type(screen.getByLabelText('Rate'), '24100');
    await user.selectOptions(screen.getByLabelText('Per'), 'no');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.catalogs.update).toHaveBeenCalledWith(expect.objectContaining({ name: 'taxproduct' }), '3', 'Turbocharger (Garrett)', {
        hsn: '8414',
        taxrate: '18',
        rate: '24100',
        per: 'no',
      }),
    );
    expect(api.catalogs.list).toHaveBeenCalledTimes(3);
  });

  it('adds to the chosen list, asking for the name first', async () => {
    const { api, user } = await openCatalogs();
    await user.click(screen.getByRole('button', { name: 'Add to Tax products' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please provide the product name.')).toBeTruthy();
    expect(api.catalogs.add).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Description of Goods *'), 'Lift pump');
    await user.type(screen.getByLabelText('Rate'), '700');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.catalogs.add).toHaveBeenCalledWith(expect.objectContaining({ name: 'taxproduct' }), 'Lift pump', {
        hsn: '',
        taxrate: '',
        rate: '700',
        per: '',
      }),
    );
  });

  it('deletes an entry after a confirmation', async () => {
    const { api, user } = await openCatalogs();
    await user.click(screen.getByRole('button', { name: 'Delete Gasket kit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Bills that name it keep their lines.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.catalogs.remove).toHaveBeenCalledWith(expect.objectContaining({ name: 'taxproduct' }), '4'));
  });
});
