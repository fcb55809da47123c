import { expect, it } from 'vitest';
import { formatIndian, localIsoDay } from '../../src/engine/core';
import { listRoute } from '../../src/app/paths';
import { validPayload } from '../fixtures/payloads';
import { pdfText, squash } from '../pdf/pdf-tools';
import { apiSession, downloadedBytes, registry, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const CLIENT = 'Deccan Cold Storage Pvt Ltd';
const env = useBrowserApp();

/** A GST unit's goods sale of one ₹10,000 line at 18 %: ₹11,800 in all. */
const taxSale = registry.billTypes.find((b) => b.tax && b.countsAsSales && b.lines === 'goods' && b.note === undefined)!;
const line = { srno: 1, goods: 'Genset overhaul', qty: '1', rate: '10000', per: 'per', amount: '10000', hsn: '8502', taxrate: '18' };

/** Issue 46 item 5: ₹11,600 received and ₹200 TDS u/s 393 settle an ₹11,800 bill; an unusual TDS is asked about first. */
it('records a payment with the TDS the client deducted, and asks before saving a TDS above 10 %', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  for (const billno of [1, 2]) await api.saveBill(taxSale, validPayload(taxSale, 1, { invoiceno: billno, clientname: CLIENT, product: [line] }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, listRoute(taxSale));
  const row = (billno: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(billno), exact: true }) }).filter({ hasText: CLIENT });
  await row(1).getByRole('button', { name: 'Record Payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  const share = dialog.getByRole('textbox', { name: `Settle ${taxSale.menuLabel} 1` });
  await expect.poll(() => share.inputValue()).toBe('11800.00');
  // Issue 50: an amount below what the bill owes goes on it at once, a part payment; the TDS then settles the rest.
  await dialog.getByLabel('Amount (₹)').fill('11600');
  await expect.poll(() => share.inputValue()).toBe('11600.00');
  await dialog.getByLabel('TDS deducted u/s').selectOption('393');
  await dialog.getByLabel('TDS (₹)').fill('200');
  await expect.poll(() => share.inputValue()).toBe('11800.00');
  await dialog.getByText('of which TDS ₹ 200.00').waitFor();
  await dialog.getByText('On account ₹ 0.00').waitFor();
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/tds-payment-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt R/1' });
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.getByRole('button', { name: 'Download Receipt' }).click()]);
  const text = squash(pdfText(await downloadedBytes(download), 'flow'));
  for (const expected of ['Less: TDS deducted u/s 393', '200.00', '11,600.00', '11,800.00']) expect(text).toContain(expected);
  await receipt.getByRole('button', { name: 'Okay' }).click();
  // The bill is paid: it no longer asks for a payment.
  await row(1).getByRole('button', { name: 'Record Payment' }).waitFor({ state: 'detached' });

  // ₹2,000 of TDS on ₹10,000 of value: asked first; Cancel goes back to the form as typed, Save Anyway saves.
  await row(2).getByRole('button', { name: 'Record Payment' }).click();
  // As for bill 1: typed once the form shows the bill's balance, saved once it shows the TDS settling the rest.
  const share2 = dialog.getByRole('textbox', { name: `Settle ${taxSale.menuLabel} 2` });
  await expect.poll(() => share2.inputValue()).toBe('11800.00');
  await dialog.getByLabel('Amount (₹)').fill('9800');
  await dialog.getByLabel('TDS deducted u/s').selectOption('393');
  await dialog.getByLabel('TDS (₹)').fill('2000');
  await dialog.getByText('of which TDS ₹ 2,000.00').waitFor();
  await expect.poll(() => share2.inputValue()).toBe('11800.00');
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  const unusual = page.getByRole('dialog', { name: 'Unusual TDS' });
  await unusual.getByText(`The TDS of ₹${formatIndian(2000)} is more than 10 % of ₹${formatIndian(10000)}, the value before GST of the bills it settles. Save it anyway?`).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tds-unusual-1366.png` });
  await unusual.getByRole('button', { name: 'Cancel' }).click();
  expect(await dialog.getByLabel('TDS (₹)').inputValue()).toBe('2000');
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await unusual.getByRole('button', { name: 'Save Anyway' }).click();
  await page.getByRole('dialog', { name: 'Receipt R/2' }).getByRole('button', { name: 'Okay' }).click();

  const payments = (await api.postJson<{ payments: { receiptno: string; tds: unknown }[] }>(`/api/${taxSale.unit}/getpayments`, { clientname: CLIENT })).payments;
  expect(payments.map((payment) => [payment.receiptno, payment.tds])).toEqual([
    ['R/1', { section: '393', amount: 200 }],
    ['R/2', { section: '393', amount: 2000 }],
  ]);

  // The Reports screen gives the TDS of the financial year as CSV, to match with the client's Form 26AS.
  await page.goto('/reports');
  await page.getByRole('region', { name: 'Reports' }).getByLabel('Unit').selectOption(taxSale.unit);
  const [tdsFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download TDS CSV' }).click()]);
  const csv = new TextDecoder().decode(await downloadedBytes(tdsFile)).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Client,GSTIN,Section,Receipt No.,Date,Amount Received,TDS,Bills Settled,Value before GST');
  expect(csv.slice(1, 3).map((row) => row.split(',').slice(2, 7).concat(row.split(',').slice(-1)))).toEqual([
    ['393', 'R/1', localIsoDay(), '11600.00', '200.00', '10000.00'],
    ['393', 'R/2', localIsoDay(), '9800.00', '2000.00', '10000.00'],
  ]);
  expect(errors).toEqual([]);
});
