import { describe, expect, it } from 'vitest';
import { fillHeader } from '../journeys/support/bill-form';
import { formBillNumber, saveWithPdf } from '../journeys/support/screens';
import { registry, signIn, useBrowserApp } from '../support';

/**
 * Issue 30, Deliver 3, in Chromium: a draft kept while the operator was still in the last Rate (its amount
 * not yet computed) restores with every amount and total computed, and saves.
 */
const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;

describe('a restored draft (issue 30)', () => {
  it('kept before Rate was left, restores with 2 x 350 = 700.00 and saves without "Please provide amount"', async () => {
    const { page } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
    await formBillNumber(page, invoice);
    await fillHeader(page, invoice, { clientname: 'Restored Roadways', clientaddress: 'Shop 4, Panvel 410206' });
    await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).fill('Fuel filter housing');
    await page.getByLabel('Per, Sr. No. 1', { exact: true }).selectOption({ label: 'pair' });
    await page.getByLabel('QTY, Sr. No. 1', { exact: true }).fill('2');
    await page.getByLabel('Rate, Sr. No. 1', { exact: true }).click();
    await page.keyboard.type('350');
    // Still in Rate: the amount follows only when it is left.
    expect(await page.getByLabel('Amount, Sr. No. 1', { exact: true }).inputValue()).toBe('');

    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await formBillNumber(page, invoice);
    await page.getByRole('button', { name: /^Restore unsaved bill from \d\d:\d\d$/ }).click();
    expect(await page.getByLabel('Rate, Sr. No. 1', { exact: true }).inputValue()).toBe('350');
    expect(await page.getByLabel('Amount, Sr. No. 1', { exact: true }).inputValue()).toBe('700.00');
    await expect.poll(() => page.getByRole('region', { name: 'Bill totals' }).textContent()).toContain('700.00');

    const saved = await saveWithPdf(page, 'Save And Create PDF', 'Are you sure?', invoice);
    expect(saved.text).toContain('Restored Roadways');
    expect(saved.text).toContain('700.00');
  });
});
