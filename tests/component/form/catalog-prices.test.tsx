import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { billTypeWith, cell, fakeBackend, formReady, renderEditor } from './harness';

afterEach(cleanup);

const taxGoods = billTypeWith({ lines: 'goods', tax: true, converts: false });
const turbocharger = { name: 'Turbocharger', fills: { hsn: '8414', taxrate: 18, rate: 23500, per: 'set' } };
const gasket = { name: 'Gasket kit', fills: { hsn: '8484', taxrate: 18 } };

async function openGrid(billType: BillType) {
  const backend = fakeBackend({ entries: { taxproduct: [turbocharger, gasket] } });
  renderEditor(billType, backend);
  await formReady(backend);
  return { backend, user: userEvent.setup() };
}

/** Issue 30 items 1 and 8: a saved product fills its rate and unit too, and the keys go where the clerk types next. */
describe('products with prices on the goods grid', () => {
  it('picking a saved product fills HSN, GST rate, rate and unit, puts the cursor on QTY, and the amount follows', async () => {
    const { user } = await openGrid(taxGoods);
    await user.type(cell('Description of Goods', 1), 'turbo');
    await user.keyboard('{Enter}');
    expect(cell('HSN', 1).value).toBe('8414');
    expect(cell('GST %', 1).value).toBe('18');
    expect(cell('Rate', 1).value).toBe('23500');
    expect((cell('Per', 1) as unknown as HTMLSelectElement).selectedOptions[0].textContent).toBe('set');
    await waitFor(() => expect(document.activeElement).toBe(cell('QTY', 1)));
    await user.keyboard('2');
    await user.tab();
    expect(cell('Amount', 1).value).toBe('47000.00');
  });

  it('Tab from QTY goes past the cells the pick filled, to Add More Product on the last line', async () => {
    const { user } = await openGrid(taxGoods);
    await user.type(cell('Description of Goods', 1), 'turbo');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(cell('QTY', 1)));
    await user.keyboard('1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add More Product' }));
  });

  it('a product saved without a rate leaves the rate typed, and Tab goes cell by cell while the line has empty ones', async () => {
    const { user } = await openGrid(taxGoods);
    await user.type(cell('Rate', 1), '640');
    await user.type(cell('Description of Goods', 1), 'gasket');
    await user.keyboard('{Enter}');
    expect(cell('HSN', 1).value).toBe('8484');
    expect(cell('Rate', 1).value).toBe('640');
    await waitFor(() => expect(document.activeElement).toBe(cell('QTY', 1)));
    await user.keyboard('3');
    await user.tab();
    expect(document.activeElement).toBe(cell('Rate', 1));
  });
});
