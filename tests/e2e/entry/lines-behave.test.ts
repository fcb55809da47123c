import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp, type ApiSession } from '../support';
import { formBillNumber, saveWithPdf } from '../journeys/support/screens';
import { fillHeader } from '../journeys/support/bill-form';

/**
 * Issue 50 item 6, in Chromium against the real server: lines that behave. A note's copied lines can each be
 * removed while one remains; a product picked over a filled line replaces its item and leaves the cursor in QTY
 * with QTY selected; a new name within two letters of a saved product asks before it is saved as a new product.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
let api: ApiSession;

const cell = (page: Page, title: string, row: number) => page.getByLabel(`${title}, Sr. No. ${row}`, { exact: true });
const lineRows = (page: Page) => page.getByRole('row', { name: /^Sr\. No\. \d+$/ });
const deleteButton = (page: Page, row: number) => page.getByRole('row', { name: `Sr. No. ${row}`, exact: true }).getByRole('button', { name: 'Delete Field' });
/** The saved tax products: each name with its fills. */
async function savedProducts(): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(new URL('/api/common/gettaxproduct', e2e.app.url), { headers: { authorization: `Bearer ${api.token}` } });
  return ((await response.json()) as { productList: Array<Record<string, unknown>> }).productList;
}
const products = async () => (await savedProducts()).map((entry) => entry.product);

const focused = (page: Page) =>
  page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement | null;
    return { name: input?.getAttribute('aria-label'), selected: input ? input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0) : '' };
  });

beforeAll(async () => {
  api = await apiSession(e2e.app);
  for (const [product, hsn, taxrate, rate, per] of [
    ['Fuel Filter Element', '8421', '18', '450', 'no'],
    ['Lube Oil Filter', '8409', '12', '300', 'set'],
  ]) {
    await api.postJson('/api/common/savetaxproduct', { product, hsn, taxrate, rate, per });
  }
});

/** With SCREENSHOT_DIR set, the screen at the three widths the operators use. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  for (const viewport of dir ? [{ width: 1366, height: 768 }, { width: 1024, height: 768 }, { width: 390, height: 844 }] : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

let billno = 0;

/** The tax invoice's create screen; `billno` is the number it proposes. */
async function openCreate(): Promise<Page> {
  const { page } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${taxInvoice.unit}/${taxInvoice.route}`);
  billno = await formBillNumber(page, taxInvoice);
  return page;
}

describe("a note's copied lines", () => {
  /**
   * Tax Invoice No. 11: 2 no Fuel Filter Element x 450 = 900.00 and 1 set Lube Oil Filter x 300 = 300.00. Its credit
   * note drops the first line: 300.00 + 12 % (CGST 18 + SGST 18) = 336.00.
   */
  it('removes any line, the first included, while one remains; a bill keeps its first Delete Field disabled', async () => {
    const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, per: string, amount: string) =>
      ({ srno, goods, hsn, taxrate, qty, rate, per, amount });
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, {
      invoiceno: 11,
      clientname: 'Shree Ganesh Transport',
      gstno: '27AAPFU0939F1ZV',
      product: [line(1, 'Fuel Filter Element', '8421', '18', '2', '450', 'no', '900.00'), line(2, 'Lube Oil Filter', '8409', '12', '1', '300', 'set', '300.00')],
    }));

    const page = await openCreate();
    await expect.poll(() => deleteButton(page, 1).isDisabled()).toBe(true);

    await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}/11`);
    await page.getByRole('region', { name: 'Credit and debit notes' }).getByRole('link', { name: 'Issue Credit Note' }).click();
    // The note's screen, not the bill's edit screen it was opened from (whose first Delete Field stays disabled).
    await page.waitForURL((url) => url.search.includes('against'));
    await cell(page, 'QTY', 2).waitFor();
    await expect.poll(() => deleteButton(page, 1).isEnabled()).toBe(true);
    await shoot(page, 'note-lines');
    await deleteButton(page, 1).click();
    await expect.poll(() => lineRows(page).count()).toBe(1);
    expect(await cell(page, 'Description of Goods', 1).inputValue()).toBe('Lube Oil Filter');
    // One line remains: it cannot go.
    expect(await deleteButton(page, 1).isDisabled()).toBe(true);
    await page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Sr. No. 1 removed' }).waitFor();

    await page.getByLabel('Reason', { exact: true }).selectOption('Sales Return');
    await saveWithPdf(page, 'Save And Create PDF', 'Are you sure?', registry.byType('creditnote')!);
    const note = await api.postJson<{ bill: { product: Array<{ goods: string; amount: number }> } }>('/api/gst/getbill', { billtype: 'creditnote', billno: 1 });
    expect(note.bill.product.map((row) => [row.goods, row.amount])).toEqual([['Lube Oil Filter', 300]]);
  });
});

describe('picking a product over a filled line', () => {
  it("replaces the item's HSN, GST %, rate and unit, keeps QTY and puts the cursor in it, selected", async () => {
    const page = await openCreate();
    const goods = cell(page, 'Description of Goods', 1);
    await goods.click();
    await page.keyboard.type('Fuel Filter');
    await page.getByRole('option', { name: 'Fuel Filter Element' }).click();
    await expect.poll(() => focused(page)).toEqual({ name: 'QTY, Sr. No. 1', selected: '' });
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    expect(await cell(page, 'Amount', 1).inputValue()).toBe('1350.00');

    await goods.fill('');
    await page.keyboard.type('Lube');
    await page.getByRole('option', { name: 'Lube Oil Filter' }).click();
    expect(await cell(page, 'HSN', 1).inputValue()).toBe('8409');
    expect(await cell(page, 'GST %', 1).inputValue()).toBe('12');
    expect(await cell(page, 'Rate', 1).inputValue()).toBe('300');
    expect(await cell(page, 'Per', 1).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('set');
    expect(await cell(page, 'Amount', 1).inputValue()).toBe('900.00');
    // QTY stays 3, focused and selected: typing replaces it.
    await expect.poll(() => focused(page)).toEqual({ name: 'QTY, Sr. No. 1', selected: '3' });
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    expect(await cell(page, 'QTY', 1).inputValue()).toBe('5');
    expect(await cell(page, 'Amount', 1).inputValue()).toBe('1500.00');
  });
});

describe('a new name close to a saved product', () => {

  async function typeLine(page: Page, name: string) {
    await cell(page, 'Description of Goods', 1).click();
    await page.keyboard.type(name);
    await page.keyboard.press('Escape');
    await cell(page, 'HSN', 1).fill('8421');
    await cell(page, 'GST %', 1).fill('18');
    await cell(page, 'QTY', 1).fill('1');
    await cell(page, 'Rate', 1).fill('450');
    await cell(page, 'Per', 1).selectOption({ label: 'no' });
    await fillHeader(page, taxInvoice, validPayload(taxInvoice, 1, { clientname: 'Shree Ganesh Transport', gstno: '27AAPFU0939F1ZV' }));
  }

  it('asks "Did you mean Fuel Filter Element?" and saves the bill under the saved name, adding no product', async () => {
    const page = await openCreate();
    await typeLine(page, 'Fuel Filter Element6');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Save And Create PDF' }).click();
        await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
        const question = page.getByRole('dialog', { name: 'Did you mean Fuel Filter Element?' });
        await question.getByText('"Fuel Filter Element6" is not in your saved tax products').waitFor();
        await shoot(page, 'did-you-mean');
        await question.getByRole('button', { name: 'Use Fuel Filter Element' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toContain('Shree Ganesh Transport');
    await page.getByRole('dialog', { name: 'PDF Generated' }).getByRole('button', { name: 'Okay' }).click();
    const saved = await api.postJson<{ bill: { product: Array<{ goods: string }> } }>('/api/gst/getbill', { billtype: 'taxinvoice', billno });
    expect(saved.bill.product.map((row) => row.goods)).toEqual(['Fuel Filter Element']);
    expect(await products()).not.toContain('Fuel Filter Element6');
  });

  it('saves the new name as a new product when the operator says so, and asks before Add More Product too', async () => {
    const page = await openCreate();
    await typeLine(page, 'Fuel Filter Elements');
    await page.getByRole('button', { name: 'Add More Product' }).click();
    const question = page.getByRole('dialog', { name: 'Did you mean Fuel Filter Element?' });
    await question.getByRole('button', { name: 'Save as New' }).click();
    await cell(page, 'Description of Goods', 2).waitFor();
    await expect.poll(products).toContain('Fuel Filter Elements');
    // A name far from every saved one asks nothing.
    await cell(page, 'Description of Goods', 2).fill('Radiator hose');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
