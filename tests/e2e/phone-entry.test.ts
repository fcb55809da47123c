import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { formatIndian } from '../../src/engine/core';
import { TOUCH_SAVED_TEXT } from '../../src/app/ui/touch-screen';
import { pdfText, squash } from '../pdf/pdf-tools';
import { apiSession, downloadedBytes, menuLink, PHONE, registry, signIn, useBrowserApp } from './support';
import { CONFIRM_BUTTON, SAVED_TITLE } from './journeys/support/screens';

/**
 * Issue 31 items 4 and 5 and its touch journey: on a 390×844 touch screen every input is tapped, then typed;
 * nothing is clicked with a mouse or filled by the test.
 */
const e2e = useBrowserApp();
const SHOTS = process.env.SCREENSHOT_DIR;

/** Taps an input, as a finger does, and types into it. */
async function tapType(input: Locator, text: string): Promise<void> {
  await input.scrollIntoViewIfNeeded();
  await input.tap();
  await input.page().keyboard.type(text);
}

/** Counts the downloads the page starts: a touch screen's save and View must start none. */
function countDownloads(page: Page): () => number {
  let count = 0;
  page.on('download', () => count++);
  return () => count;
}

it('a value the screen filled in is replaced, not appended to, when tapped and typed over', async () => {
  const taxService = registry.byType('taxservice')!;
  const { page, errors } = await e2e.open(PHONE);
  await signIn(page, e2e.app, `/${taxService.unit}/${taxService.route}`);
  const cell = (title: string) => page.getByLabel(`${title}, Sr. No. 1, service 1`, { exact: true });
  await tapType(cell('Rate'), '1200');
  // Leaving Rate for another field fills Amount from it while Amount has no focus.
  await tapType(cell('Service name'), 'Calibration');
  await expect.poll(() => cell('Amount').inputValue()).toBe('1200');
  await tapType(cell('Amount'), '1450');
  expect(await cell('Amount').inputValue()).toBe('1450');
  // What the operator typed is theirs: tapped again, the caret goes where the finger lands.
  await cell('Amount').tap();
  await page.keyboard.press('End');
  await page.keyboard.type('0');
  expect(await cell('Amount').inputValue()).toBe('14500');
  expect(errors).toEqual([]);
});

/**
 * A tax invoice made and paid by touch alone. Hand-worked: 2 × 1,500.00 = 3,000.00 taxable, 18 % GST = 540.00,
 * 3,540.00 in all; 1,000.00 received leaves 2,540.00.
 */
it('a tax invoice made, previewed and paid by touch alone, with no PDF left in Downloads', async () => {
  const taxInvoice = registry.byType('taxinvoice')!;
  const client = 'Kaveri Agro Industries';
  const { page, errors } = await e2e.open(PHONE);
  const downloads = countDownloads(page);
  await signIn(page, e2e.app, `/${taxInvoice.unit}/${taxInvoice.route}`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  // Item 4: with the details folded, the first line is less than half a screen below the client's name.
  const below = (await field('Description of Goods, Sr. No. 1').boundingBox())!.y - (await field('Client Company Name').boundingBox())!.y;
  expect(below).toBeLessThan(PHONE.height / 2);
  await tapType(field('Client Company Name'), client);
  await tapType(field('Client Company Address'), 'Plot 7, MIDC, Taloja 410208');
  await tapType(field('Client GSTIN/UIN'), '27AAPFU0939F1ZV');
  await tapType(field('Description of Goods, Sr. No. 1'), 'Injector pump');
  await tapType(field('QTY, Sr. No. 1'), '2');
  await tapType(field('HSN, Sr. No. 1'), '8413');
  await tapType(field('GST %, Sr. No. 1'), '18');
  await tapType(field('Rate, Sr. No. 1'), '1500');
  // A select opens the phone's own picker: choosing from it is selectOption.
  await field('Per, Sr. No. 1').selectOption({ label: 'no' });
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).tap();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).tap();

  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByText(taxInvoice.successMessage, { exact: true }).waitFor();
  expect(downloads()).toBe(0);
  await saved.getByRole('button', { name: 'Preview Bill' }).tap();
  const preview = page.getByRole('dialog', { name: 'View PDF Bill' });
  await preview.getByRole('button', { name: 'Share' }).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/touch-preview-390.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download' }).tap()]);
  const text = squash(pdfText(await downloadedBytes(download), 'flow'));
  for (const expected of [client, 'Injector pump', '3,000.00', '540.00', '3,540.00']) expect(text).toContain(expected);
  await preview.getByRole('button', { name: 'Close' }).tap();

  // To the list through the header's Menu sheet, then the bill's card.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Menu' }).tap();
  await header.getByRole('button', { name: 'View Bill' }).tap();
  await menuLink(header, taxInvoice).tap();
  const card = page.locator('tbody tr').filter({ hasText: client });
  await card.getByRole('button', { name: 'Record Payment' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  const amount = dialog.getByLabel('Amount (₹)');
  await expect.poll(() => amount.inputValue()).toBe('3540.00');
  // The amount the form filled in from the bill is replaced by what is typed over it, and so is the bill's share.
  await tapType(amount, '1000');
  expect(await amount.inputValue()).toBe('1000');
  const share = dialog.getByRole('textbox', { name: /^Settle Tax Invoice/ });
  await tapType(share, '1000');
  expect(await share.inputValue()).toBe('1000');
  await dialog.getByRole('button', { name: 'Save Payment' }).tap();
  const receipt = page.getByRole('dialog', { name: /^Receipt / });
  await receipt.getByRole('button', { name: 'Okay' }).tap();
  await card.getByText(`₹ ${formatIndian(2540)}`).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/touch-paid-card-390.png` });
  expect(downloads()).toBe(1);
  expect(errors).toEqual([]);
});

it("a saved client picked by touch; a type whose success text speaks of Downloads says, on a touch screen, that its PDF is in the preview", async () => {
  const invoice = registry.byType('invoice')!;
  const api = await apiSession(e2e.app);
  await api.postJson('/api/common/saveclient', { clientname: 'Bharat Earthmovers', clientaddress: 'Pune 411001' });
  const { page, errors } = await e2e.open(PHONE);
  const downloads = countDownloads(page);
  await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  // The client from the saved clients' list, picked with a finger.
  await tapType(field('Client Company Name'), 'Bhar');
  await page.getByRole('option', { name: /^Bharat Earthmovers/ }).tap();
  await expect.poll(() => field('Client Company Address').inputValue()).toBe('Pune 411001');
  await tapType(field('Description of Goods, Sr. No. 1'), 'Hydraulic pump');
  await tapType(field('QTY, Sr. No. 1'), '3');
  await tapType(field('Rate, Sr. No. 1'), '1500');
  // A select opens the phone's own picker: choosing from it is selectOption.
  await field('Per, Sr. No. 1').selectOption({ label: 'no' });
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).tap();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).tap();
  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByText(TOUCH_SAVED_TEXT, { exact: true }).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/touch-saved-390.png` });
  await saved.getByRole('button', { name: 'Preview Bill' }).tap();
  await page.getByRole('dialog', { name: 'View PDF Bill' }).getByRole('button', { name: 'Close' }).tap();
  expect(downloads()).toBe(0);
  expect(errors).toEqual([]);
});
