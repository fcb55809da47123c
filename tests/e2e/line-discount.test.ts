import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pdfText, squash } from '../pdf/pdf-tools';
import { validPayload } from '../fixtures/payloads';
import { apiSession, downloadedBytes, PHONE, registry, signIn, useBrowserApp } from './support';
import { CONFIRM_BUTTON, formBillNumber, openFromMenu, SAVED_TITLE } from './journeys/support/screens';

/** Issue 50 item 12: a discount typed on a goods line of the create screen, before tax. */
const e2e = useBrowserApp();
const SHOTS = process.env.SCREENSHOT_DIR;
const DESKTOP = { width: 1366, height: 768 };

/** The create screen with the discount column, as the operator sees it at each width (SCREENSHOT_DIR). */
async function shoot(page: Page, name: string, viewports: { width: number; height: number }[]) {
  for (const viewport of SHOTS ? viewports : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

interface Case {
  viewport: typeof DESKTOP;
  line: { goods: string; qty: string; hsn: string; rate: string; taxrate: string; discount: string };
  /** Worked out by hand. */
  amount: string;
  half: string;
  grandTotal: string;
  printedDiscount: string;
}

const CASES: Case[] = [
  {
    // 2 x 1,000.00 = 2,000.00 less 10% = 1,800.00 at 18% within the state: CGST 162.00 + SGST 162.00 = 2,124.00.
    viewport: DESKTOP,
    line: { goods: 'Fuel injection pump', qty: '2', hsn: '8413', rate: '1000', taxrate: '18', discount: '10%' },
    amount: '1,800.00', half: '162.00', grandTotal: '2,124.00', printedDiscount: '10%',
  },
  {
    // 3 x 500.00 = 1,500.00 less 150.00 = 1,350.00 at 12% within the state: CGST 81.00 + SGST 81.00 = 1,512.00.
    viewport: PHONE,
    line: { goods: 'Nozzle', qty: '3', hsn: '8409', rate: '500', taxrate: '12', discount: '150' },
    amount: '1,350.00', half: '81.00', grandTotal: '1,512.00', printedDiscount: '150.00',
  },
];

it.each(CASES)('a discount of $line.discount at $viewport.width px: live totals and the PDF are net of it', async (example) => {
  const taxInvoice = registry.byType('taxinvoice')!;
  const { page, errors } = await e2e.open(example.viewport);
  await signIn(page, e2e.app, `/${taxInvoice.unit}/${taxInvoice.route}`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const cell = (title: string) => field(`${title}, Sr. No. 1`);
  await field('Client Company Name').fill('Shree Ganesh Transport');
  await field('Client Company Address').fill('Plot 7, MIDC, Taloja 410208');
  await field('Client GSTIN/UIN').fill('27AAPFU0939F1ZV');
  const { line } = example;
  await cell('Description of Goods').fill(line.goods);
  await cell('QTY').fill(line.qty);
  await cell('HSN').fill(line.hsn);
  await cell('GST %').fill(line.taxrate);
  await cell('Rate').fill(line.rate);
  await cell('Per').selectOption({ label: 'no' });
  await cell('Discount').fill(line.discount);
  await cell('Discount').press('Tab');

  const totals = page.getByRole('region', { name: 'Bill totals' });
  await expect.poll(() => cell('Amount').inputValue()).toBe(example.amount.replace(',', ''));
  await expect.poll(() => totals.textContent()).toContain(`₹ ${example.grandTotal}`);
  const shown = squash((await totals.textContent()) ?? '');
  expect(shown).toContain(example.amount);
  expect(shown.match(new RegExp(`GST @ [\\d.]+%${example.half.replace('.', '\\.')}`, 'g'))).toHaveLength(2);
  await shoot(page, `line-discount-create`, example.viewport === DESKTOP ? [DESKTOP, { width: 1024, height: 768 }] : [PHONE]);
  await page.setViewportSize(example.viewport);

  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click();
  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByRole('button', { name: 'Preview Bill' }).click();
  const preview = page.getByRole('dialog', { name: 'View PDF Bill' });
  const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download' }).click()]);
  const pdf = await downloadedBytes(download);
  // The line on one printed row, the discount before its net amount; the totals on it.
  expect(pdfText(pdf)).toMatch(new RegExp(`${line.goods}\\s+${line.hsn}\\s+${line.taxrate}%\\s+${line.qty}\\s+[\\d,]+\\.00\\s+Nos\\s+${example.printedDiscount}\\s+${example.amount}`));
  const text = squash(pdfText(pdf, 'flow'));
  expect(text).toContain('Disc.');
  expect(text).toContain(`Sub Total ${example.amount}`);
  expect(text).toContain(`₹ ${example.grandTotal}`);
  expect(errors).toEqual([]);
});

it('a saved bill with no discount opens on no empty Discount, unchanged: leaving it asks nothing', async () => {
  const invoice = registry.byType('invoice')!;
  const api = await apiSession(e2e.app);
  await api.saveBill(invoice, validPayload(invoice, 2, { invoiceno: 7 }));
  const { page, errors } = await e2e.open(DESKTOP);
  await signIn(page, e2e.app, `/${invoice.unit}/view/${invoice.route}/7`);
  expect(await formBillNumber(page, invoice)).toBe(7);
  // Every other input is filled: the focus stays where it was rather than in an optional, empty Discount.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).not.toMatch(/^Discount/);
  await openFromMenu(page, 'View Bill', invoice);
  expect(await page.getByText('Leave without saving?').count()).toBe(0);
  expect(errors).toEqual([]);
});
