import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { billColumns } from '../../../src/app/bills/bill-columns';
import { createRegistry, type BillType } from '../../../src/engine/core';
import { ajvCompiler } from '../../../src/engine/core/ajv-compile';
import { BillEditor, typesOfRegistry, type BillEditorProps } from '../../../src/engine/react';
import { cell, fakeBackend, type FakeBackend } from './harness';

/**
 * Issue 13: the variants a maintainer adds with schema files alone (tests/fixtures/variants), on the
 * create and edit screens and in the list's columns: a delivery challan without prices, and a Disc. %
 * column on the tax goods line. The API and PDF side is tests/api/variants.test.ts.
 */
afterEach(cleanup);

/** The shipped schema files with the variant files over them, as a browser would bundle them. */
function registryWithVariants() {
  const keyed = (files: Record<string, unknown>, prefix: string) =>
    Object.fromEntries(Object.entries(files).map(([path, json]) => [path.slice(prefix.length), json]));
  const shipped = import.meta.glob('/schemas/**/*.json', { eager: true, import: 'default' });
  const variants = import.meta.glob('/tests/fixtures/variants/**/*.json', { eager: true, import: 'default' });
  return createRegistry({ ...keyed(shipped, '/schemas/'), ...keyed(variants, '/tests/fixtures/variants/') }, ajvCompiler());
}

const registry = registryWithVariants();
const challan = registry.byType('deliverychallan')!;
const taxInvoice = registry.byType('taxinvoice')!;

type EditorMode = { mode: 'create' } | { mode: 'edit'; billno: number };

async function open(billType: BillType, mode: EditorMode = { mode: 'create' }, backend: FakeBackend = fakeBackend()) {
  const props = { registry, types: typesOfRegistry(registry), billType, services: backend.services, ui: backend.ui, ...mode } as BillEditorProps;
  render(<BillEditor {...props} />);
  await screen.findByLabelText(billType.roles.billNumber.title);
  await waitFor(() => expect(backend.services.catalogEntries).toHaveBeenCalled());
  await act(async () => {});
  return { backend, user: userEvent.setup() };
}

const gridHeaders = () =>
  within(screen.getByRole('table', { name: 'Goods' }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

function submitted(backend: FakeBackend) {
  expect(backend.services.submitBill).toHaveBeenCalledTimes(1);
  const [billType, method, payload] = backend.services.submitBill.mock.calls[0];
  return { billType, method, payload: payload as Record<string, any> };
}

describe('a delivery challan (x-bill.priced false)', () => {
  it('shows its title and "Challan No.", goods, quantity and unit only, and no totals', async () => {
    await open(challan);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('DELIVERY CHALLAN');
    expect(screen.getByLabelText<HTMLInputElement>('Challan No.').value).toBe('41');
    expect(screen.queryByLabelText('Invoice No.')).toBeNull();
    expect(gridHeaders()).toEqual(['Sr. No.', 'Description of Goods', 'QTY', 'Per', 'Actions']);
    expect(screen.queryByRole('region', { name: 'Bill totals' })).toBeNull();
    expect(screen.queryByText(/Grand Total|Amount Chargeable/)).toBeNull();
  });

  it('saves goods and quantities, without a rate or an amount', async () => {
    const { backend, user } = await open(challan);
    await user.type(screen.getByLabelText('Client Company Name'), 'Shree Ganesh Transport');
    await user.type(screen.getByLabelText('Client Company Address'), 'Plot 7, MIDC, Taloja, Navi Mumbai 410208');
    await user.type(cell('Description of Goods', 1), 'Fuel injection pump');
    await user.type(cell('QTY', 1), '2');
    await user.selectOptions(cell('Per', 1), 'no');
    await user.click(screen.getByRole('button', { name: 'Save And Create PDF' }));
    await waitFor(() => expect(backend.services.submitBill).toHaveBeenCalled());
    const { billType, method, payload } = submitted(backend);
    expect([billType.type, method]).toEqual(['deliverychallan', 'create']);
    expect(payload.invoiceno).toBe(41);
    expect(payload.product).toEqual([{ srno: 1, goods: 'Fuel injection pump', qty: 2, per: 'no' }]);
  });

  it('opens a stored challan for editing with its lines filled', async () => {
    const backend = fakeBackend();
    backend.services.loadBill.mockResolvedValue({
      clientname: 'Shree Ganesh Transport',
      clientaddress: 'Plot 7, MIDC, Taloja',
      billno: 7,
      date: '2026-11-21',
      product: [{ _id: 'line-1', srno: 1, goods: 'Nozzle holder assembly', qty: 4, per: 'set' }],
    });
    await open(challan, { mode: 'edit', billno: 7 }, backend);
    expect(screen.getByLabelText<HTMLInputElement>('Challan No.').value).toBe('7');
    expect(cell('Description of Goods', 1).value).toBe('Nozzle holder assembly');
    expect(cell('QTY', 1).value).toBe('4');
    expect(screen.queryByRole('region', { name: 'Bill totals' })).toBeNull();
  });

  it('lists without an Amount column; a priced type keeps it', () => {
    const actions = { editPath: (row: { billno: number }) => `/${row.billno}`, onView: () => {}, onDelete: () => {}, onRestore: () => {} };
    const headers = (billType: BillType) => billColumns(billType, actions).map((column) => column.header);
    expect(headers(challan)).toEqual(['Bill No.', 'Date', 'Client Company Name', 'Edit Bill', 'View Bill', 'Delete Bill']);
    expect(headers(taxInvoice)).toContain('Amount');
  });
});

describe('a Disc. % column on the tax goods line (x-discount)', () => {
  it('takes the discount off qty x rate on blur, and the live GST is on the discounted amount', async () => {
    const { user } = await open(taxInvoice);
    expect(gridHeaders()).toEqual(['Sr. No.', 'Description of Goods', 'HSN', 'GST %', 'QTY', 'Rate', 'Per', 'Disc. %', 'Amount', 'Actions']);
    await user.type(screen.getByLabelText('Client GSTIN/UIN'), '27AAPFU0939F1ZV');
    await user.type(cell('Description of Goods', 1), 'Fuel injection pump');
    await user.type(cell('HSN', 1), '8413');
    await user.type(cell('GST %', 1), '18');
    await user.type(cell('QTY', 1), '3');
    await user.type(cell('Rate', 1), '333.33');
    await user.type(cell('Disc. %', 1), '12.5');
    await user.tab();
    // 3 x 333.33 = 999.99, less 12.5% = 874.99125 -> 874.99
    expect(cell('Amount', 1).value).toBe('874.99');
    const totals = await screen.findByRole('region', { name: 'Bill totals' });
    // 9% of 874.99 = 78.7491 -> 78.75 each for CGST and SGST; 874.99 + 157.50 = 1,032.49, rounded off to 1,032.00
    await waitFor(() => expect(totals.textContent).toContain('Sub Total874.99CGST @ 9%78.75SGST @ 9%78.75Round Off-0.49'));
    expect(totals.textContent).toContain('Grand Total₹ 1,032.00');

    await user.clear(cell('Disc. %', 1));
    await user.tab();
    expect(cell('Amount', 1).value).toBe('999.99');
  });

  it('sends a blank discount as no value', async () => {
    const { backend, user } = await open(taxInvoice);
    await user.type(screen.getByLabelText('Client Company Name'), 'Shree Ganesh Transport');
    await user.type(screen.getByLabelText('Client Company Address'), 'Plot 7, MIDC, Taloja');
    await user.type(screen.getByLabelText('Client GSTIN/UIN'), '27AAPFU0939F1ZV');
    await user.type(cell('Description of Goods', 1), 'Feed pump');
    await user.type(cell('HSN', 1), '8413');
    await user.type(cell('GST %', 1), '18');
    await user.type(cell('QTY', 1), '2');
    await user.type(cell('Rate', 1), '100');
    await user.selectOptions(cell('Per', 1), 'no');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save And Create PDF' }));
    await waitFor(() => expect(backend.services.submitBill).toHaveBeenCalled());
    const [line] = submitted(backend).payload.product;
    expect(line).toMatchObject({ qty: 2, rate: 100, amount: 200 });
    expect(line.discount ?? '').toBe('');
  });
});
