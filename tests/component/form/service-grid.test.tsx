import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { billTypeWith, cell, fakeBackend, formReady, renderEditor } from './harness';

afterEach(cleanup);

const plainService = billTypeWith({ lines: 'service', tax: false, converts: false });
const taxService = billTypeWith({ lines: 'service', tax: true, converts: false });

const product = (n: number) => screen.getByRole('group', { name: `Product, Sr. No. ${n}` });
const productNames = () => screen.getAllByRole('group', { name: /^Product, / }).map((group) => group.getAttribute('aria-label'));
const serviceRow = (n: number, s: number) => `Sr. No. ${n}, service ${s}`;

async function openGrid(billType: BillType, backend = fakeBackend()) {
  renderEditor(billType, backend);
  await formReady(backend);
  return { backend, user: userEvent.setup() };
}

async function fillService(user: UserEvent, n: number, s: number, values: { name: string; rate: string; amount: string; hsn?: string; taxrate?: string }) {
  await user.type(cell('Service name', serviceRow(n, s)), values.name);
  if (values.hsn !== undefined) await user.type(cell('HSN', serviceRow(n, s)), values.hsn);
  if (values.taxrate !== undefined) await user.type(cell('GST %', serviceRow(n, s)), values.taxrate);
  await user.type(cell('Rate', serviceRow(n, s)), values.rate);
  await user.type(cell('Amount', serviceRow(n, s)), values.amount);
}

async function click(user: UserEvent, scope: HTMLElement, name: string) {
  await user.click(within(scope).getByRole('button', { name }));
}

describe('service grid', () => {
  it('shows a product with its services and the spec buttons, Remove Product disabled on the first', async () => {
    await openGrid(taxService);
    const first = product(1);
    expect(within(first).getByLabelText('Product name, Sr. No. 1')).toBeDefined();
    const headers = within(first).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Service name', 'Description', 'HSN', 'GST %', 'Rate', 'Amount', 'Actions']);
    expect(within(first).getByRole('button', { name: 'Remove Product' })).toHaveProperty('disabled', true);
    expect(within(first).getByRole('button', { name: 'Remove Service' })).toHaveProperty('disabled', true);
    expect(within(first).getByRole('button', { name: 'Add Servive' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add More Product' })).toBeDefined();
  });

  it('refuses a new service or product while the last one is not filled', async () => {
    const { user, backend } = await openGrid(plainService);
    await click(user, product(1), 'Add Servive');
    expect(backend.ui.toastError).toHaveBeenLastCalledWith('Empty field', 'Please fill the previous field before adding the new field.');

    await fillService(user, 1, 1, { name: 'Calibration', rate: '1200', amount: '1200' });
    await user.click(screen.getByRole('button', { name: 'Add More Product' }));
    expect(backend.ui.toastError).toHaveBeenCalledTimes(2);
    expect(productNames()).toEqual(['Product, Sr. No. 1']);
    expect(backend.services.saveCatalogEntry).not.toHaveBeenCalled();
  });

  it('saves the last service before Add Servive, and the product and its unsaved services before Add More Product', async () => {
    const { user, backend } = await openGrid(plainService);
    await user.type(cell('Product name', 1), 'Diesel engine');
    await fillService(user, 1, 1, { name: 'Calibration', rate: '1200', amount: '1200' });
    await click(user, product(1), 'Add Servive');
    await screen.findByRole('row', { name: serviceRow(1, 2) });
    expect(backend.saved).toEqual([{ catalog: 'service', entry: { name: 'Calibration', fills: { rate: '1200' } } }]);
    await waitFor(() => expect(document.activeElement).toBe(cell('Service name', serviceRow(1, 2))));

    await fillService(user, 1, 2, { name: 'Nozzle testing', rate: '300', amount: '300' });
    await user.click(screen.getByRole('button', { name: 'Add More Product' }));
    await screen.findByRole('group', { name: 'Product, Sr. No. 2' });
    expect(backend.saved.slice(1)).toEqual([
      { catalog: 'serviceproduct', entry: { name: 'Diesel engine', fills: {} } },
      { catalog: 'service', entry: { name: 'Nozzle testing', fills: { rate: '300' } } },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(cell('Product name', 2)));
    expect(within(product(2)).getByRole('button', { name: 'Remove Product' })).toHaveProperty('disabled', false);
  });

  it('removes services and products and renumbers the products', async () => {
    const { user } = await openGrid(plainService);
    for (const n of [1, 2, 3]) {
      await user.type(cell('Product name', n), `Engine ${n}`);
      await fillService(user, n, 1, { name: `Service ${n}`, rate: '10', amount: '10' });
      if (n === 1) {
        await click(user, product(1), 'Add Servive');
        await fillService(user, 1, 2, { name: 'Extra', rate: '5', amount: '5' });
      }
      if (n < 3) {
        await user.click(screen.getByRole('button', { name: 'Add More Product' }));
        await screen.findByRole('group', { name: `Product, Sr. No. ${n + 1}` });
      }
    }

    await click(user, screen.getByRole('row', { name: serviceRow(1, 2) }), 'Remove Service');
    expect(within(product(1)).getAllByRole('row')).toHaveLength(2);

    await click(user, product(2), 'Remove Product');
    expect(productNames()).toEqual(['Product, Sr. No. 1', 'Product, Sr. No. 2']);
    expect(cell('Product name', 2).value).toBe('Engine 3');
    expect(cell('Service name', serviceRow(2, 1)).value).toBe('Service 3');
  });

  it('fills HSN and HSN rate on blur from a saved tax service', async () => {
    const backend = fakeBackend({ entries: { taxservice: [{ name: 'Calibration', fills: { hsn: '998714', taxrate: 18 } }] } });
    const { user } = await openGrid(taxService, backend);
    await user.type(cell('Service name', serviceRow(1, 1)), 'Calibration');
    await user.tab();
    expect(cell('HSN', serviceRow(1, 1)).value).toBe('998714');
    expect(cell('GST %', serviceRow(1, 1)).value).toBe('18');
  });
});
