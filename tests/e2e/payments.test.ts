import { expect, it } from 'vitest';
import { formatIndian, localIsoDay } from '../../src/engine/core';
import { editRoute, listRoute } from '../../src/app/paths';
import { validPayload } from '../fixtures/payloads';
import { pdfText, squash } from '../pdf/pdf-tools';
import { apiSession, downloadedBytes, registry, signIn, useBrowserApp } from './support';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { CONFIRM_BUTTON, SAVED_TITLE } from './journeys/support/screens';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const CLIENT = 'Kaveri Agro Industries';

/** Issue 29: a part payment recorded from an unpaid bill's row, its receipt PDF, the balance left, the edit screen's Paid line. */
it('records a part payment against a bill, shows the balance left and gives the receipt PDF', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const invoice = registry.byType('invoice')!;
  await api.saveBill(invoice, validPayload(invoice, 1, { invoiceno: 1, clientname: CLIENT }));
  const [saved] = (await api.postJson<{ bill: { billno: number; grandtotal: number }[] }>('/api/common/getbill', { billtype: 'invoice', limit: 10 })).bill;
  const total = saved.grandtotal;
  expect(total).toBeGreaterThan(4000);

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, listRoute(invoice));
  const row = page.getByRole('row').filter({ hasText: CLIENT });
  await row.getByRole('button', { name: 'Record Payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  const share = dialog.getByRole('textbox', { name: 'Settle Invoice Bill 1' });
  // Opened from the bill: the amount is all it asks, all of it on that bill.
  await expect.poll(() => share.inputValue()).toBe(total.toFixed(2));
  expect(await dialog.getByLabel('Amount (₹)').inputValue()).toBe(total.toFixed(2));
  await dialog.getByLabel('Amount (₹)').fill('5000');
  await share.fill('4000');
  await dialog.getByLabel('Mode').selectOption({ label: 'UPI' });
  await dialog.getByLabel('Reference (UTR / cheque no.)').fill('UTR 881');
  // 5,000 received, 4,000 on the bill: 1,000 on account.
  await dialog.getByText('On account ₹ 1,000.00').waitFor();
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/record-payment-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await dialog.getByRole('button', { name: 'Save Payment' }).click();

  const receipt = page.getByRole('dialog', { name: 'Receipt R/1' });
  await receipt.getByText('Payment saved: receipt R/1.').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.getByRole('button', { name: 'Download Receipt' }).click()]);
  expect(download.suggestedFilename()).toBe(`R-1-${CLIENT}.pdf`);
  const text = squash(pdfText(await downloadedBytes(download), 'flow'));
  for (const expected of ['PAYMENT RECEIPT', 'R/1', CLIENT, '5,000.00', '4,000.00', 'UPI', 'UTR 881']) expect(text).toContain(expected);
  await receipt.getByRole('button', { name: 'Okay' }).click();

  // The list asks again: the bill has its total less 4,000 left.
  await row.getByText(`₹ ${formatIndian(total - 4000)}`).waitFor();
  await row.getByRole('button', { name: 'Record Payment' }).waitFor();

  await page.goto(editRoute(invoice, 1));
  const today = localIsoDay().split('-').reverse().join('-');
  await page.getByText(`Paid ₹${formatIndian(4000)} of ₹${formatIndian(total)} (receipt R/1 on ${today})`).waitFor();
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/paid-line-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // The Clients screen: the client's payments, with the 1,000 held on account.
  await page.goto('/clients');
  await page.getByRole('button', { name: `Bills of ${CLIENT}` }).click();
  const block = page.getByRole('region', { name: `Payments from ${CLIENT} · ${registry.units[0].menuLabel}` });
  await block.getByRole('button', { name: 'Allocate R/1' }).waitFor();
  await block.getByText(`On account: ₹ ${formatIndian(1000)}`, { exact: false }).waitFor();
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/client-payments-${viewport.width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});

/**
 * Issue 29's journey: a bill saved on screen, a part payment recorded from its PDF Generated modal, the balance in
 * the list, then the client's statement PDF. Hand-computed: 3 × 1,500.00 = 4,500.00 billed, 1,200.00 received:
 * 3,300.00 left, and the statement closes at 3,300.00.
 */
it('records a part payment from PDF Generated, shows the balance in the list and gives the client statement', async () => {
  const { app, open } = env;
  const invoice = registry.byType('invoice')!;
  const client = 'Bharat Earthmovers';
  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, `/${invoice.unit}/${invoice.route}`);
  await page.getByLabel('Invoice No.', { exact: true }).waitFor();
  await fillHeader(page, invoice, { clientname: client, clientaddress: 'Pune 411001' });
  await fillLines(page, invoice, [{ goods: 'Hydraulic pump', qty: '3', rate: '1500', per: 'no' }]);
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click(),
  ]);
  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByRole('button', { name: 'Record Payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  const share = dialog.getByRole('textbox', { name: /^Settle Invoice Bill \d+$/ });
  await expect.poll(() => share.inputValue()).toBe('4500.00');
  await dialog.getByLabel('Amount (₹)').fill('1200');
  await share.fill('1200');
  await dialog.getByLabel('Mode').selectOption({ label: 'Cash' });
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  const receipt = page.getByRole('dialog', { name: /^Receipt R\/\d+$/ });
  await receipt.getByRole('button', { name: 'Okay' }).click();

  await page.goto(listRoute(invoice));
  const row = page.getByRole('row').filter({ hasText: client });
  await row.getByText(`₹ ${formatIndian(3300)}`).waitFor();

  await page.goto('/clients');
  await page.getByRole('button', { name: `Bills of ${client}` }).click();
  const money = page.getByRole('region', { name: `Statement and reminders of ${client}` });
  await money.getByRole('button', { name: 'Statement' }).first().click();
  const statementDialog = page.getByRole('dialog', { name: 'Client statement' });
  const [download] = await Promise.all([page.waitForEvent('download'), statementDialog.getByRole('button', { name: 'Download PDF' }).click()]);
  const statement = squash(pdfText(await downloadedBytes(download), 'flow'));
  expect(statement).toContain('STATEMENT OF ACCOUNT');
  expect(statement).toContain(client);
  expect(statement).toMatch(/Closing balance.*3,300\.00/);
  expect(errors).toEqual([]);
});

const env = useBrowserApp();
