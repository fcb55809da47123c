import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { billTypeWith, cell, fakeBackend, formReady, goodsRowNames, registry, renderEditor } from './harness';

afterEach(cleanup);

const plainGoods = billTypeWith({ lines: 'goods', tax: false, converts: false });
const taxGoods = billTypeWith({ lines: 'goods', tax: true, converts: false });

interface GoodsValues {
  goods: string;
  qty: string;
  rate: string;
  per?: string;
  hsn?: string;
  taxrate?: string;
}

async function fillGoodsRow(user: UserEvent, n: number, values: GoodsValues) {
  if (values.goods) await user.type(cell('Description of Goods', n), values.goods);
  if (values.hsn !== undefined) await user.type(cell('HSN', n), values.hsn);
  if (values.taxrate !== undefined) await user.type(cell('GST %', n), values.taxrate);
  await user.type(cell('QTY', n), values.qty);
  await user.type(cell('Rate', n), values.rate);
  await user.selectOptions(cell('Per', n), values.per ?? 'per');
}

/** Clicks Add More Product and waits for the row it adds (the product is saved first). */
async function addRow(user: UserEvent, expectedRows: number) {
  await user.click(addButton());
  await screen.findByRole('row', { name: `Sr. No. ${expectedRows}` });
}

async function openGrid(billType: BillType, backend = fakeBackend()) {
  renderEditor(billType, backend);
  await formReady(backend);
  return { backend, user: userEvent.setup() };
}

const addButton = () => screen.getByRole('button', { name: 'Add More Product' });

describe('goods grid', () => {
  it('shows the spec columns, Sr. No. automatic and Delete Field disabled on the first row', async () => {
    await openGrid(taxGoods);
    const table = screen.getByRole('table', { name: 'Goods' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    const spec = ['Sr. No.', 'Description of Goods', 'HSN', 'GST %', 'QTY', 'Rate', 'Per', 'Amount', 'Actions'];
    // The schema's columns: the spec's, plus any a maintainer added to the line part, in its place.
    expect(headers).toEqual([...taxGoods.rowsField.rows!.fields.map((field) => field.title), 'Actions']);
    expect(headers.filter((title) => spec.includes(title ?? ''))).toEqual(spec);
    const first = screen.getByRole('row', { name: 'Sr. No. 1' });
    expect(within(first).getByRole('rowheader').textContent).toBe('1');
    expect(within(first).getByRole('button', { name: 'Delete Field' })).toHaveProperty('disabled', true);
    expect(cell('Amount', 1).readOnly).toBe(true);
  });

  it('leaves out the tax columns on plain bills', async () => {
    await openGrid(plainGoods);
    expect(screen.queryByLabelText('HSN, Sr. No. 1')).toBeNull();
    expect(screen.queryByLabelText('GST %, Sr. No. 1')).toBeNull();
  });

  it('recalculates Amount exactly when Rate loses focus: 2.5 x 1999.99 = 4999.98', async () => {
    const { user } = await openGrid(plainGoods);
    await user.type(cell('QTY', 1), '2.5');
    await user.type(cell('Rate', 1), '1999.99');
    expect(cell('Amount', 1).value).toBe('');
    await user.tab();
    expect(cell('Amount', 1).value).toBe('4999.98');

    await user.clear(cell('QTY', 1));
    await user.type(cell('QTY', 1), '0.1');
    await user.click(cell('Rate', 1));
    await user.tab();
    expect(cell('Amount', 1).value).toBe('200.00');
  });

  it('refuses a new row while the last one is not filled, with the spec toast', async () => {
    const { user, backend } = await openGrid(plainGoods);
    await user.click(addButton());
    expect(backend.ui.toastError).toHaveBeenCalledWith('Empty field', 'Please fill the previous field before adding the new field.');

    await fillGoodsRow(user, 1, { goods: 'Fuel pump', qty: '1', rate: '10', per: 'no' });
    await user.selectOptions(cell('Per', 1), 'Select');
    await user.click(addButton());
    expect(backend.ui.toastError).toHaveBeenCalledTimes(2);
    expect(goodsRowNames()).toEqual(['Sr. No. 1']);
    expect(backend.services.saveCatalogEntry).not.toHaveBeenCalled();
  });

  it('saves a new product before adding a row after it, then focuses the new row', async () => {
    const { user, backend } = await openGrid(plainGoods);
    await fillGoodsRow(user, 1, { goods: 'Fuel pump', qty: '1', rate: '10' });
    await addRow(user, 2);

    // Issue 30: the product is saved with its sale rate and unit.
    expect(backend.saved).toEqual([{ catalog: 'product', entry: { name: 'Fuel pump', fills: { rate: '10', per: 'per' } } }]);
    expect(goodsRowNames()).toEqual(['Sr. No. 1', 'Sr. No. 2']);
    await waitFor(() => expect(document.activeElement).toBe(cell('Description of Goods', 2)));
    expect(screen.getAllByRole('button', { name: 'Delete Field' })[1]).toHaveProperty('disabled', false);

    // A product already saved (any case) is not saved again.
    await fillGoodsRow(user, 2, { goods: 'FUEL PUMP ', qty: '2', rate: '10' });
    await addRow(user, 3);
    expect(backend.services.saveCatalogEntry).toHaveBeenCalledTimes(1);
    expect(goodsRowNames()).toHaveLength(3);
  });

  it('adds no row when saving the product fails, and shows the server message', async () => {
    const backend = fakeBackend();
    backend.services.saveCatalogEntry.mockRejectedValueOnce(new Error('Product could not be saved'));
    const { user } = await openGrid(plainGoods, backend);
    await fillGoodsRow(user, 1, { goods: 'Fuel pump', qty: '1', rate: '10' });
    await user.click(addButton());
    expect(backend.ui.toastError).toHaveBeenCalledWith('Product could not be saved');
    expect(goodsRowNames()).toEqual(['Sr. No. 1']);
  });

  it('renumbers Sr. No. after a row is deleted and keeps the other rows as they were', async () => {
    const { user } = await openGrid(plainGoods);
    for (const [n, goods] of [[1, 'Pump'], [2, 'Nozzle'], [3, 'Filter']] as const) {
      await fillGoodsRow(user, n, { goods, qty: String(n), rate: '10' });
      if (n < 3) await addRow(user, n + 1);
    }
    await user.click(within(screen.getByRole('row', { name: 'Sr. No. 2' })).getByRole('button', { name: 'Delete Field' }));

    expect(goodsRowNames()).toEqual(['Sr. No. 1', 'Sr. No. 2']);
    expect(cell('Description of Goods', 2).value).toBe('Filter');
    expect(cell('QTY', 2).value).toBe('3');
    expect(cell('Amount', 2).value).toBe('30.00');
    expect(within(screen.getByRole('row', { name: 'Sr. No. 2' })).getByRole('rowheader').textContent).toBe('2');
  });

  it('fills HSN and HSN rate on blur when a saved tax product is chosen, and saves new ones with them', async () => {
    const backend = fakeBackend({ entries: { taxproduct: [{ name: 'Nozzle', fills: { hsn: '8413', taxrate: 18 } }] } });
    const { user } = await openGrid(taxGoods, backend);

    await user.type(cell('Description of Goods', 1), 'nozzle');
    expect(cell('HSN', 1).value).toBe('');
    await user.tab();
    expect(cell('HSN', 1).value).toBe('8413');
    expect(cell('GST %', 1).value).toBe('18');

    await fillGoodsRow(user, 1, { goods: '', qty: '1', rate: '5' });
    await addRow(user, 2);
    expect(backend.services.saveCatalogEntry).not.toHaveBeenCalled();

    await fillGoodsRow(user, 2, { goods: 'Delivery valve', hsn: '8481', taxrate: '12', qty: '1', rate: '5' });
    await addRow(user, 3);
    expect(backend.saved).toEqual([
      { catalog: 'taxproduct', entry: { name: 'Delivery valve', fills: { hsn: '8481', taxrate: '12', rate: '5', per: 'per' } } },
    ]);
  });

  it('suggests saved products as the operator types (any case, anywhere in the name) and picking fills HSN and rate', async () => {
    const backend = fakeBackend({
      entries: {
        taxproduct: [
          { name: 'Nozzle', fills: { hsn: '8413', taxrate: 18 } },
          { name: 'Injector nozzle set', fills: { hsn: '84099990', taxrate: 28 } },
          { name: 'Fuel pump', fills: { hsn: '8413', taxrate: 18 } },
        ],
      },
    });
    const { user } = await openGrid(taxGoods, backend);
    const input = cell('Description of Goods', 1);
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await user.type(input, 'NOZ');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nozzle', 'Injector nozzle set']);

    // The first match is highlighted as the operator types (issue 30); ArrowDown moves on from it.
    expect(input.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[0].id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[1].id);
    await user.keyboard('{Enter}');
    expect(input.value).toBe('Injector nozzle set');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(cell('HSN', 1).value).toBe('84099990');
    expect(cell('GST %', 1).value).toBe('28');
    // Issue 30: the cursor goes on to the first cell the pick left empty.
    await waitFor(() => expect(document.activeElement).toBe(cell('QTY', 1)));

    await user.clear(input);
    await user.type(input, 'pump');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('pump');

    await user.keyboard('{ArrowDown}');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Fuel pump' }));
    expect(input.value).toBe('Fuel pump');
    await waitFor(() => expect(document.activeElement).toBe(cell('QTY', 1)));
    expect(cell('GST %', 1).value).toBe('18');
  });

  it('shows the Per option chosen while "pair" submits per', async () => {
    const { user } = await openGrid(plainGoods);
    await user.selectOptions(cell('Per', 1), 'pair');
    const select = cell('Per', 1) as unknown as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('pair');
    expect(registry.byType(plainGoods.type)!.rowsField.rows!.byName.per.options!.find((o) => o.label === 'pair')!.value).toBe('per');
  });
});
