import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../src/app/api/ApiContext';
import type { PayableBill, SavedPayment } from '../../../src/app/payments/payments-api';
import RecordPaymentModal, { type RecordPaymentProps } from '../../../src/app/payments/RecordPaymentModal';
import { ModalProvider } from '../../../src/app/ui/ModalProvider';
import { BELOW_PAID, confirmBelowPaid } from '../../../src/app/payments/below-paid';
import type { BillUi } from '../../../src/engine/react/contract';
import { validPayload } from '../../fixtures/payloads';
import { billType, fakeApi, fakePayments } from './support';

const invoice = billType('invoice');
const KAVERI = 'Kaveri Agro Industries';

/** A client's bills as the lists answer them (rupees): 1 owes 10,000 of 10,000, 2 owes 3,500 of 5,000, 3 is paid. */
const bill = (billno: number, date: string, total: number, paid: number): PayableBill => ({
  billType: invoice,
  billno,
  fy: '2026-27',
  printedNo: String(billno),
  date,
  total,
  paid,
  balance: total - paid,
  status: paid >= total ? 'paid' : paid > 0 ? 'partlypaid' : 'unpaid',
});
const BILLS = [bill(1, '2026-09-01', 10000, 0), bill(2, '2026-10-15', 5000, 1500), bill(3, '2026-11-10', 2500, 2500)];

function renderModal(props: Partial<RecordPaymentProps> = {}, clientBills: () => Promise<PayableBill[]> = async () => BILLS) {
  const payments = fakePayments();
  payments.clientBills = vi.fn(clientBills);
  const api = fakeApi([], { payments });
  const onClose = vi.fn();
  render(
    <ApiProvider api={api}>
      <ModalProvider>
        <RecordPaymentModal unit="alfadiesel" clientName={KAVERI} onClose={onClose} {...props} />
      </ModalProvider>
      <Toaster />
    </ApiProvider>,
  );
  return { api: { payments }, onClose };
}

const share = (billno: number) => screen.getByRole('textbox', { name: `Settle Invoice Bill ${billno}` }) as HTMLInputElement;
const amount = () => screen.getByLabelText('Amount (₹)') as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const summary = () => document.querySelector('.payment-summary')!.textContent;

/** Issue 29: the Record Payment form's allocation rules, as the server applies them. */
describe('Record Payment', () => {
  it('lists only the bills with a balance; opened from a bill, the amount is its balance, all of it on that bill', async () => {
    renderModal({ bill: { billtype: 'invoice', billno: 2, fy: '2026-27' } });
    await waitFor(() => expect(share(2).value).toBe('3500.00'));
    expect(amount().value).toBe('3500.00');
    expect(share(1).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Settle Invoice Bill 3' })).toBeNull();
    expect(within(screen.getByRole('table')).getByText('₹ 3,500.00')).toBeTruthy();
    expect(summary()).toContain('Settled ₹ 3,500.00');
    expect(summary()).toContain('On account ₹ 0.00');
  });

  it('saves nothing while the client\'s bills are on their way: Save Payment waits for them (CI saw one saved on account)', async () => {
    let arrive = (_bills: PayableBill[]) => {};
    const { api } = renderModal({ bill: { billtype: 'invoice', billno: 2, fy: '2026-27' } }, () => new Promise((resolve) => (arrive = resolve)));
    type(amount(), '3000');
    fireEvent.click(screen.getByRole('button', { name: 'Please Wait' }));
    expect(api.payments.save).not.toHaveBeenCalled();
    arrive(BILLS);
    fireEvent.click(await screen.findByRole('button', { name: 'Save Payment' }));
    await waitFor(() => expect(api.payments.save).toHaveBeenCalledTimes(1));
    expect(api.payments.save).toHaveBeenCalledWith('alfadiesel', expect.objectContaining({ allocations: [expect.objectContaining({ billno: 2, amount: '3000.00' })] }));
  });

  it('leaves the amount to the operator who is in the field when the bills arrive: what they type is the amount', async () => {
    let arrive = (_bills: PayableBill[]) => {};
    renderModal({ bill: { billtype: 'invoice', billno: 2, fy: '2026-27' } }, () => new Promise((resolve) => (arrive = resolve)));
    amount().focus();
    arrive(BILLS);
    await screen.findByRole('button', { name: 'Save Payment' });
    expect(amount().value).toBe('');
    type(amount(), '3000');
    expect(amount().value).toBe('3000');
    expect(share(2).value).toBe('3000.00');
  });

  it('settles the oldest bill first, each at most its balance, and keeps the rest on account', async () => {
    renderModal();
    await screen.findByRole('textbox', { name: 'Settle Invoice Bill 1' });
    type(amount(), '15000');
    fireEvent.click(screen.getByRole('button', { name: 'Settle oldest first' }));
    // 10,000 on bill 1 (all it owes), 3,500 on bill 2 (all it owes), 15,000 - 13,500 = 1,500 on account.
    expect(share(1).value).toBe('10000.00');
    expect(share(2).value).toBe('3500.00');
    expect(summary()).toContain('Settled ₹ 13,500.00');
    expect(summary()).toContain('On account ₹ 1,500.00');

    type(amount(), '12000');
    fireEvent.click(screen.getByRole('button', { name: 'Settle oldest first' }));
    // 10,000 on bill 1, the 2,000 left on bill 2: nothing on account.
    expect(share(2).value).toBe('2000.00');
    expect(summary()).toContain('On account ₹ 0.00');
  });

  it('refuses a share above its bill balance and shares above the amount, and saves nothing', async () => {
    const { api } = renderModal();
    await screen.findByRole('textbox', { name: 'Settle Invoice Bill 2' });
    type(amount(), '5000');
    type(share(2), '3500.01');
    expect(screen.getByText('Invoice Bill 2 has only ₹3,500.00 left to pay.')).toBeTruthy();
    expect(share(2).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment' }));

    type(share(2), '3500');
    type(share(1), '1500.50');
    expect(within(document.querySelector<HTMLElement>('.payment-summary')!).getByRole('alert').textContent).toBe('The bills settled add up to ₹5,000.50, more than the ₹5,000.00 received.');
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment' }));

    type(share(1), '12.345');
    expect(screen.getByText('Not an amount of rupees (at most 2 decimal places).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment' }));
    expect(api.payments.save).not.toHaveBeenCalled();
  });

  it('saves the shares above zero with the mode by its value, then offers the receipt PDF', async () => {
    const { api, onClose } = renderModal();
    await screen.findByRole('textbox', { name: 'Settle Invoice Bill 1' });
    type(amount(), '6000');
    type(share(1), '4000');
    type(share(2), '0');
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'bank' } });
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Bank transfer (NEFT/RTGS/IMPS)');
    type(screen.getByLabelText('Reference (UTR / cheque no.)'), 'UTR 4411');
    expect(summary()).toContain('On account ₹ 2,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment' }));

    await screen.findByText('Payment saved: receipt R/1.');
    expect(api.payments.save).toHaveBeenCalledWith('alfadiesel', expect.objectContaining({
      clientname: KAVERI,
      amount: '6000',
      mode: 'bank',
      reference: 'UTR 4411',
      allocations: [{ billtype: 'invoice', billno: 1, fy: '2026-27', amount: '4000.00' }],
    }));
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Download Receipt' }));
    await waitFor(() => expect(api.payments.receipt).toHaveBeenCalledWith('alfadiesel', '1'));
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onClose).toHaveBeenCalledWith('R/1');
  });

  it('a saved payment may keep its own shares: what it put on a bill counts as that bill balance again', async () => {
    const saved: SavedPayment = {
      _id: '7', receiptno: 'R/7', clientname: KAVERI, date: '2026-11-12', amount: 3000, mode: 'cash', reference: '', notes: '',
      // Bill 3 is fully paid by this very payment's 2,500: it shows, with 2,500 it may keep.
      allocations: [{ billtype: 'invoice', billno: 3, fy: 2026, printedno: '3', amount: 2500 }],
      unallocated: 500,
    };
    const { api } = renderModal({ clientName: undefined, payment: saved });
    await waitFor(() => expect(share(3).value).toBe('2500.00'));
    expect(summary()).toContain('On account ₹ 500.00');
    type(share(1), '500');
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment' }));
    await waitFor(() => expect(api.payments.save).toHaveBeenCalledWith('alfadiesel', expect.objectContaining({
      _id: '7',
      allocations: [
        { billtype: 'invoice', billno: 1, fy: '2026-27', amount: '500.00' },
        { billtype: 'invoice', billno: 3, fy: '2026-27', amount: '2500.00' },
      ],
    })));
  });
});

/** Issue 29: an update of a sales bill below what was paid against it asks first. */
describe('an update below what was paid', () => {
  const ui = (answer: boolean) => ({ confirm: vi.fn(async () => answer) }) as unknown as BillUi;
  // One line of 2.5 × 1,999.99 = 4,999.98, rounded to a grand total of 5,000.
  const payload = validPayload(invoice, 1, { invoiceno: 1, clientname: KAVERI, date: '2026-11-21' });
  const paying = (paid: number) => {
    const payments = fakePayments();
    payments.clientBills = vi.fn(async () => [bill(1, '2026-11-21', 6000, paid)]);
    return payments;
  };

  it('names what stays on account, and saves nothing when declined', async () => {
    const declined = ui(false);
    await expect(confirmBelowPaid(paying(6000), declined, invoice, payload)).rejects.toThrow(BELOW_PAID.declined);
    expect(declined.confirm).toHaveBeenCalledWith(expect.objectContaining({
      title: 'Below what was paid',
      description: 'Invoice Bill 1 was paid ₹ 6,000.00; its new total is ₹ 5,000.00. ₹ 1,000.00 received against it will stay on account.',
    }));
    await expect(confirmBelowPaid(paying(6000), ui(true), invoice, payload)).resolves.toBeUndefined();
  });

  it('does not ask when the new total still covers what was paid', async () => {
    const asked = ui(true);
    await confirmBelowPaid(paying(5000), asked, invoice, payload);
    expect(asked.confirm).not.toHaveBeenCalled();
  });
});
