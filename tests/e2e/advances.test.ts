import { expect, it } from 'vitest';
import { localIsoDay } from '../../src/engine/core';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const CLIENT = 'Shree Ganesh Transport';
const env = useBrowserApp();

const shoot = async (page: import('playwright-core').Page, name: string) => {
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
};

/**
 * Issue 46: an advance of ₹11,800 for an engine overhaul (SAC 9987, 18 %, amounts including tax, within Maharashtra:
 * 10,000 + CGST 900 + SGST 900) taken on the Receipt Voucher screen, then adjusted in full on the client's Tax Invoice
 * No. 1 of ₹11,800 (4 no x 2,500 + 18 %): the invoice has nothing left to pay and the voucher nothing open.
 */
it('takes an advance on a receipt voucher, adjusts it on the invoice, and shows both balances', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  const voucher = registry.byType('receiptvoucher')!;
  const today = localIsoDay();
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, {
    invoiceno: 1, date: today, clientname: CLIENT, gstno: '27AAPFU0939F1ZV',
    product: [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '4', rate: '2500', per: 'no', amount: '10000.00' }],
  }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, `/${voucher.unit}/${voucher.route}`);
  const field = (title: string) => page.getByLabel(title, { exact: true });
  const cell = (title: string) => page.getByLabel(`${title}, Sr. No. 1`, { exact: true });
  await field('Client Company Name').fill(CLIENT);
  await field('Client Company Address').fill('Plot 7, MIDC, Taloja, Navi Mumbai 410208');
  await field('Client GSTIN/UIN').fill('27AAPFU0939F1ZV');
  await field('Place of Supply').selectOption({ label: 'Maharashtra (27)' });
  await field('Amounts').selectOption({ label: 'Amounts include tax' });
  await field('Mode').selectOption({ label: 'Bank transfer (NEFT/RTGS/IMPS)' });
  await field('Reference (UTR / cheque no.)').fill('UTR 4471');
  await cell('Description').fill('Advance for engine overhaul');
  await cell('HSN/SAC').fill('9987');
  await cell('GST %').fill('18');
  await cell('Advance Amount').fill('11800');
  await page.getByText('₹ 11,800.00').first().waitFor();
  await shoot(page, 'receipt-voucher-create');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  const saved = page.getByRole('dialog', { name: 'PDF Generated' });
  await saved.waitFor();
  await page.keyboard.press('Enter');
  await saved.waitFor({ state: 'detached' });

  await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}/1`);
  const advances = page.getByRole('region', { name: 'Advances' });
  await advances.getByRole('cell', { name: 'Receipt Voucher RV/1' }).waitFor();
  await advances.getByLabel('Adjust RV/1').fill('11800');
  await shoot(page, 'advances-on-invoice');
  if (SHOTS) {
    await page.setViewportSize(VIEWPORTS[1]);
    await advances.screenshot({ path: `${SHOTS}/advances-panel-${VIEWPORTS[1].width}.png` });
    await page.setViewportSize(VIEWPORTS[0]);
  }
  await advances.getByRole('button', { name: 'Save Advances' }).click();
  await page.getByText('Advances adjusted against Tax Invoice Bill 1: 11800.00.').waitFor();
  await page.reload();
  await page.getByRole('status').filter({ hasText: 'Paid ₹11,800.00 of ₹11,800.00' }).waitFor();
  expect(await advances.getByLabel('Adjust RV/1').inputValue()).toBe('11800');
  await shoot(page, 'advances-adjusted-invoice');

  await page.goto(`/${voucher.unit}/view/${voucher.route}/1`);
  const adjusted = page.getByRole('region', { name: 'Adjusted against' });
  await adjusted.getByText(/Tax Invoice Bill 1 of .*: ₹11,800.00/).waitFor();
  await adjusted.getByText('Advance ₹11,800.00, adjusted ₹11,800.00, open ₹0.00.').waitFor();
  await shoot(page, 'advances-on-voucher');
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
