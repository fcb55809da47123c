import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { sellerProfile, type BillType } from '../../../src/engine/core';
import { gstProfile } from '../../fixtures/profile';
import { validPayload } from '../../fixtures/payloads';
import { billTypeWith, fakeBackend, formReady, renderEditor } from './harness';

afterEach(cleanup);

const taxGoods = billTypeWith({ lines: 'goods', tax: true, converts: false });

/** A stored tax bill to a Maharashtra buyer (the fixture payload's 27AAPFU0939F1ZV). */
function storedBill(billType: BillType) {
  const { invoiceno: _number, ...payload } = validPayload(billType, 2);
  return { ...payload, billno: 12 };
}

async function openWithSeller(seller?: ReturnType<typeof sellerProfile>) {
  const backend = fakeBackend();
  backend.services.loadBill.mockResolvedValue(storedBill(taxGoods));
  if (seller) Object.assign(backend.services, { sellerProfile: vi.fn(async () => seller) });
  renderEditor(taxGoods, backend, { mode: 'edit', billno: 12 });
  await formReady(backend);
  return within(screen.getByRole('region', { name: 'Bill totals' }));
}

const taxLabels = (totals: ReturnType<typeof within>): string[] =>
  totals.getAllByRole('term').map((term: HTMLElement) => term.textContent ?? '').filter((label: string) => /GST/.test(label));

it('splits GST by units.json\'s seller state while the unit has no saved profile', async () => {
  const totals = await openWithSeller();
  await waitFor(() => expect(taxLabels(totals).length).toBeGreaterThan(0));
  expect(taxLabels(totals).every((label) => /^[CS]GST @/.test(label))).toBe(true);
  expect(totals.getByText('Client in Maharashtra (27): within the state, CGST + SGST.')).toBeDefined();
});

it('charges IGST live once the saved profile puts the seller in another state, as its PDF does', async () => {
  const totals = await openWithSeller(sellerProfile(gstProfile({ companyName: 'KARAVALI DIESEL', gstin: '29AABCK5678L1ZU', pan: 'AABCK5678L' }), 'gst:1'));
  await waitFor(() => expect(totals.getByText('Client in Maharashtra (27): another state, IGST.')).toBeDefined());
  expect(taxLabels(totals).length).toBeGreaterThan(0);
  expect(taxLabels(totals).every((label) => /^IGST @/.test(label))).toBe(true);
  expect(screen.getByText('KARAVALI DIESEL')).toBeDefined();
});

it('splits GST within the seller\'s state for a buyer without a GSTIN, and says why; a GSTIN naming no state shows IGST', async () => {
  const totals = await openWithSeller(sellerProfile(gstProfile(), 'gst:1'));
  await waitFor(() => expect(totals.getByText('Client in Maharashtra (27): within the state, CGST + SGST.')).toBeDefined());
  const gstin = screen.getByLabelText(taxGoods.roles.clientGstin!.title, { exact: true });
  const split = async (note: string | RegExp, tax: RegExp) => {
    await waitFor(() => expect(totals.getByText(note)).toBeDefined());
    expect(taxLabels(totals).length).toBeGreaterThan(0);
    expect(taxLabels(totals).every((label) => tax.test(label))).toBe(true);
  };
  fireEvent.change(gstin, { target: { value: '' } });
  await split('No Client GSTIN: a sale within the state, CGST + SGST.', /^[CS]GST @/);
  fireEvent.change(gstin, { target: { value: '0' } });
  await split(/^GST is shown as IGST \(inter-state\)/, /^IGST @/);
});
