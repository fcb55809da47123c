import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { coerceNumbers, conversionTarget } from '../../../src/engine/core';
import { localIsoDate } from '../../../src/engine/core/bill-data';
import { goodsRow, serviceProduct, validPayload } from '../../fixtures/payloads';
import { billTypeWith, cell, fakeBackend, formReady, registry, renderEditor, type FakeBackend } from './harness';

afterEach(cleanup);

const plainGoods = billTypeWith({ lines: 'goods', tax: false, converts: false });
const taxGoods = billTypeWith({ lines: 'goods', tax: true, converts: false });
const goodsQuotation = billTypeWith({ lines: 'goods', tax: false, converts: true });
const taxServiceQuotation = billTypeWith({ lines: 'service', tax: true, converts: true });

const button = (name: string) => screen.getByRole('button', { name });

async function openCreate(billType: BillType, backend = fakeBackend()) {
  renderEditor(billType, backend);
  await formReady(backend);
  return { backend, user: userEvent.setup() };
}

/** A stored bill as the server answers it: billno for invoiceno, an internal _id on each line. */
function storedBill(billType: BillType, billno: number) {
  const { invoiceno: _ignored, ...payload } = validPayload(billType, 2);
  const product = (payload.product as Record<string, unknown>[]).map((row, i) => ({ ...row, _id: `line-${i}` }));
  return { ...payload, billno, product, _id: 'bill-1', __v: 0 };
}

async function openEdit(billType: BillType, billno: number, stored: Record<string, unknown> | null, backend = fakeBackend()) {
  backend.services.loadBill.mockResolvedValue(stored);
  renderEditor(billType, backend, { mode: 'edit', billno });
  if (stored) await formReady(backend);
  return { backend, user: userEvent.setup() };
}

async function fillPlainGoodsBill(user: UserEvent) {
  await user.type(screen.getByLabelText('Client Company Name'), 'Acme Ltd');
  await user.type(screen.getByLabelText('Client Company Address'), 'Plot 7, MIDC, Taloja');
  await user.type(cell('Description of Goods', 1), 'Fuel pump');
  await user.type(cell('QTY', 1), '2.5');
  await user.type(cell('Rate', 1), '1999.99');
  await user.selectOptions(cell('Per', 1), 'pair');
}

function submitted(backend: FakeBackend) {
  expect(backend.services.submitBill).toHaveBeenCalledTimes(1);
  const [billType, method, payload, convertedFrom] = backend.services.submitBill.mock.calls[0];
  return { billType, method, payload, convertedFrom };
}

/** How many times the next number was asked for before the (first) save was sent. */
function lookupsBeforeSave(backend: FakeBackend): number {
  const saved = backend.services.submitBill.mock.invocationCallOrder[0];
  return backend.services.nextBillNumber.mock.invocationCallOrder.filter((order) => order < saved).length;
}

describe('BillEditor: create', () => {
  it('shows the title, the letterhead and labelled header fields, with the next bill number and today', async () => {
    await openCreate(taxGoods);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('TAX INVOICE BILL');
    expect(screen.getByText(taxGoods.unitInfo.letterhead.companyName)).toBeDefined();
    for (const field of taxGoods.header) expect(screen.getByLabelText(field.title)).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Invoice No.').value).toBe('41');
    const today = new Date();
    // Dates read and type in Indian order (DD-MM-YYYY) whatever the locale.
    const indian = `${String(today.getDate()).padStart(2, '0')}-${String(today.getMonth() + 1).padStart(2, '0')}-${today.getFullYear()}`;
    expect(screen.getByLabelText<HTMLInputElement>('Date').value).toBe(indian);
    expect(screen.getByLabelText('Client GSTIN/UIN')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Update And Create PDF' })).toBeNull();
  });

  it('keeps the dispatch fields in the details block, folded into Dispatch details on a new bill', async () => {
    await openCreate(taxGoods);
    const details = screen.getByRole('region', { name: 'Bill Details' });
    expect(details.contains(screen.getByLabelText('Terms of Delivery'))).toBe(true);
    expect(screen.queryByRole('region', { name: 'Dispatch Details' })).toBeNull();
    const fold = screen.getByText('Dispatch details').closest('details')!;
    expect(fold.contains(screen.getByLabelText('Terms of Delivery'))).toBe(true);
    expect(fold.open).toBe(false);
  });

  it('opens Dispatch details on a bill that has any of them filled', async () => {
    await openEdit(taxGoods, 12, { ...storedBill(taxGoods, 12), dispatchedthrough: 'VRL Logistics' });
    expect(screen.getByText('Dispatch details').closest('details')!.open).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Dispatched Through').value).toBe('VRL Logistics');
  });

  it('asks first and sends nothing when the operator cancels', async () => {
    const backend = fakeBackend();
    backend.ui.confirm.mockResolvedValue(false);
    const { user } = await openCreate(plainGoods, backend);
    await fillPlainGoodsBill(user);
    await user.click(button('Save And Create PDF'));
    expect(backend.ui.confirm).toHaveBeenCalledWith({
      title: 'Are you sure?',
      description: expect.any(String),
      confirmLabel: 'Generate PDF',
      cancelLabel: 'Cancel',
    });
    expect(backend.services.submitBill).not.toHaveBeenCalled();
    expect(backend.ui.toastError).not.toHaveBeenCalled();
  });

  it('shows the first failing check as an "Empty field" toast, in the spec order, and sends nothing', async () => {
    const { user, backend } = await openCreate(taxGoods);
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.ui.toastError).toHaveBeenCalledWith('Empty field', 'Please provide your client company name.'));

    await user.type(screen.getByLabelText('Client Company Name'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Client Company Address'), 'Taloja');
    await user.type(screen.getByLabelText('Client GSTIN/UIN'), '27AAPFU0939F1Z');
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.ui.toastError).toHaveBeenLastCalledWith('Empty field', 'Please provide your client 15 digit GST no.'));

    await user.type(screen.getByLabelText('Client GSTIN/UIN'), 'V');
    await user.type(cell('Description of Goods', 1), 'Fuel pump');
    await user.type(cell('QTY', 1), '1');
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.ui.toastError).toHaveBeenLastCalledWith('Empty field', 'Please provide HSN of product at Sr. No. 1.'));
    expect(backend.services.submitBill).not.toHaveBeenCalled();
  });

  it('sends the spec section 7 body, downloads {invoiceno}-{clientname}.pdf and shows PDF Generated', async () => {
    const { user, backend } = await openCreate(plainGoods);
    await fillPlainGoodsBill(user);
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.ui.showSaved).toHaveBeenCalledWith(plainGoods, expect.objectContaining({ pdf: expect.any(Blob) })));

    const { billType, method, payload } = submitted(backend);
    expect(billType).toBe(plainGoods);
    expect(method).toBe('create');
    expect(payload).toEqual({
      clientname: 'Acme Ltd',
      clientaddress: 'Plot 7, MIDC, Taloja',
      invoiceno: 41,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      product: [{ srno: 1, goods: 'Fuel pump', qty: 2.5, rate: 1999.99, per: 'per', amount: 4999.98 }],
    });
    const [pdf, fileName] = backend.ui.download.mock.calls[0];
    expect(pdf).toBeInstanceOf(Blob);
    expect(fileName).toBe('41-Acme Ltd.pdf');
  });

  it('saves the proposed number with no request before it; a number past the next one is asked about first (issue 35)', async () => {
    const { user, backend } = await openCreate(plainGoods);
    await fillPlainGoodsBill(user);
    expect(backend.services.nextBillNumber).toHaveBeenCalledTimes(1);
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.services.submitBill).toHaveBeenCalledTimes(1));
    // The screen's proposal only: 41 was not looked up again before the save (the next screen's proposal comes after).
    expect(lookupsBeforeSave(backend)).toBe(1);
    expect(backend.ui.ask).not.toHaveBeenCalled();

    cleanup();
    const typo = await openCreate(plainGoods);
    await fillPlainGoodsBill(typo.user);
    await typo.user.clear(screen.getByLabelText('Invoice No.'));
    await typo.user.type(screen.getByLabelText('Invoice No.'), '50');
    await typo.user.click(button('Save And Create PDF'));
    // The default answer, "Use 41": saved under the next number after asking the server for it.
    await waitFor(() => expect(typo.backend.services.submitBill).toHaveBeenCalledTimes(1));
    expect(typo.backend.ui.ask).toHaveBeenCalledTimes(1);
    expect(lookupsBeforeSave(typo.backend)).toBe(2);
    expect(submitted(typo.backend).payload).toMatchObject({ invoiceno: 41 });
  });

  it('shows "Generating PDF" while sending and starts the next bill once saved', async () => {
    const backend = fakeBackend({ nextNumber: () => 41 + backend.services.submitBill.mock.calls.length });
    let finish: (pdf: Blob) => void = () => {};
    backend.services.submitBill.mockImplementation(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const { user } = await openCreate(plainGoods, backend);
    await fillPlainGoodsBill(user);
    await user.click(button('Save And Create PDF'));

    const busy = await screen.findByRole('button', { name: 'Generating PDF' });
    expect(busy).toHaveProperty('disabled', true);
    finish(new Blob(['%PDF']));
    await waitFor(() => expect(backend.ui.showSaved).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Invoice No.').value).toBe('42'));
    expect(screen.getByLabelText<HTMLInputElement>('Client Company Name').value).toBe('');
    expect(button('Save And Create PDF')).toHaveProperty('disabled', false);
  });

  it("shows the server's message when saving fails, ends the loading and keeps the form", async () => {
    const backend = fakeBackend();
    backend.services.submitBill.mockRejectedValue(new Error('Bill No. 41 already exists.'));
    const { user } = await openCreate(plainGoods, backend);
    await fillPlainGoodsBill(user);
    await user.click(button('Save And Create PDF'));
    await waitFor(() => expect(backend.ui.toastError).toHaveBeenCalledWith('Bill No. 41 already exists.'));
    expect(button('Save And Create PDF')).toHaveProperty('disabled', false);
    expect(backend.ui.download).not.toHaveBeenCalled();
    expect(backend.ui.showSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Client Company Name').value).toBe('Acme Ltd');
  });
});

describe('BillEditor: edit and convert', () => {
  it('loads the stored bill: billno as Invoice No., lines filled, the header laid out as on create', async () => {
    const { backend } = await openEdit(taxGoods, 12, storedBill(taxGoods, 12));
    expect(backend.services.loadBill).toHaveBeenCalledWith(taxGoods, 12);
    expect(screen.getByLabelText<HTMLInputElement>('Invoice No.').value).toBe('12');
    expect(screen.getByLabelText<HTMLInputElement>('Invoice No.').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Client GSTIN/UIN').value).toBe('27AAPFU0939F1ZV');
    expect(cell('Description of Goods', 2).value).toBe('Fuel injection pump 2');
    expect(cell('HSN', 2).value).toBe('8413');
    expect(screen.getByRole('region', { name: 'Bill Details' }).contains(screen.getByLabelText('Dispatched Through'))).toBe(true);
    expect(screen.queryByRole('region', { name: 'Dispatch Details' })).toBeNull();
    expect(button('Update And Create PDF')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save And Create PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert To Bill And Create PDF' })).toBeNull();
  });

  it('updates under the same type and number, without the internal line ids', async () => {
    const { user, backend } = await openEdit(plainGoods, 12, storedBill(plainGoods, 12));
    await user.clear(cell('QTY', 1));
    await user.type(cell('QTY', 1), '4');
    await user.click(cell('Rate', 1));
    await user.click(button('Update And Create PDF'));
    await waitFor(() => expect(backend.ui.showSaved).toHaveBeenCalledWith(plainGoods, expect.objectContaining({ pdf: expect.any(Blob) })));

    const { billType, method, payload } = submitted(backend);
    expect([billType, method]).toEqual([plainGoods, 'update']);
    expect(payload.invoiceno).toBe(12);
    expect(payload).not.toHaveProperty('billno');
    expect(payload).not.toHaveProperty('_id');
    // Sent as the server keeps it: numbers as JSON numbers.
    const rows = plainGoods.rowsField.rows!;
    expect(payload.product).toEqual([
      coerceNumbers(rows, { ...goodsRow(plainGoods, 1), qty: '4', amount: '7999.96' }),
      coerceNumbers(rows, goodsRow(plainGoods, 2)),
    ]);
    expect(backend.ui.download.mock.calls[0][1]).toBe('12-Shree Ganesh Transport.pdf');
  });

  it('offers Convert To Bill on types that convert, and sends a create of the target type under its next number', async () => {
    const target = conversionTarget(registry.billTypes, taxServiceQuotation)!;
    const backend = fakeBackend({ nextNumber: (billType) => (billType === target ? 77 : 5) });
    const { user } = await openEdit(taxServiceQuotation, 5, storedBill(taxServiceQuotation, 5), backend);
    await user.click(button('Convert To Bill And Create PDF'));

    expect(backend.ui.ask).toHaveBeenCalledWith({
      title: 'Convert to BILL',
      description: 'Are you sure? You want to convert your Quotation to Bill?',
      choices: [
        { label: 'Cancel', value: 'cancel' },
        { label: 'Generate PDF', value: 'convert', tone: 'primary' },
      ],
      date: { label: 'Date', value: localIsoDate() },
    });
    await waitFor(() => expect(backend.ui.showSaved).toHaveBeenCalledWith(target, expect.objectContaining({ pdf: expect.any(Blob) })));
    const { billType, method, payload, convertedFrom } = submitted(backend);
    expect([billType, method]).toEqual([target, 'create']);
    expect(payload.invoiceno).toBe(77);
    // The converted bill is dated as the operator confirmed (today), not as the quotation was.
    expect(payload.date).toBe(localIsoDate());
    // Now converted: the screen says so, and a second conversion asks first.
    await screen.findByText(`Converted to ${target.menuLabel} No. 77`);
    await user.click(button('Convert To Bill And Create PDF'));
    expect(backend.ui.ask).toHaveBeenLastCalledWith(
      expect.objectContaining({
        description: `Already converted to ${target.menuLabel} No. 77. Convert again?`,
        choices: [
          { label: 'Cancel', value: 'cancel' },
          { label: 'Convert again', value: 'convert', tone: 'primary' },
        ],
      }),
    );
    expect(convertedFrom).toEqual({ billType: taxServiceQuotation, billno: 5 });
    // Sent as the server keeps it: numbers as JSON numbers.
    const asStored = (n: number) => {
      const product = serviceProduct(target, n);
      const services = (product.service as object[]).map((service) => ({ ...service, amount: '1200.00' }));
      return coerceNumbers(target.rowsField.rows!, { ...product, service: services });
    };
    expect(payload.product).toEqual([asStored(1), asStored(2)]);
    // The printed number leads the file name: the target's series (S/77 on the Tax Service Bill), / made _.
    expect(backend.ui.download.mock.calls[0][1]).toBe(`${target.series.replace('{n}', '77').replaceAll('/', '_')}-Shree Ganesh Transport.pdf`);
  });

  it('updates a quotation as itself', async () => {
    const { user, backend } = await openEdit(goodsQuotation, 3, storedBill(goodsQuotation, 3));
    expect(button('Convert To Bill And Create PDF')).toBeDefined();
    await user.click(button('Update And Create PDF'));
    await waitFor(() => expect(backend.services.submitBill).toHaveBeenCalled());
    const { billType, method, payload, convertedFrom } = submitted(backend);
    expect([billType, method, payload.invoiceno]).toEqual([goodsQuotation, 'update', 3]);
    expect(convertedFrom).toBeUndefined();
  });

  it('says why a bill could not be loaded and tries again on request', async () => {
    const backend = fakeBackend();
    backend.services.loadBill.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(storedBill(plainGoods, 12));
    renderEditor(plainGoods, backend, { mode: 'edit', billno: 12 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network Error');
    await userEvent.click(button('Try again'));
    expect((await screen.findByLabelText<HTMLInputElement>('Invoice No.')).value).toBe('12');
  });

  it('shows a not-found state for an unknown bill number', async () => {
    await openEdit(plainGoods, 999, null);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bill not found');
    expect(alert.textContent).toContain(`There is no ${plainGoods.label} with Bill No. 999.`);
    expect(screen.queryByRole('button', { name: 'Update And Create PDF' })).toBeNull();
  });
});
