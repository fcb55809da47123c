import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillHeader, fillLines } from '../journeys/support/bill-form';
import { formBillNumber } from '../journeys/support/screens';
import { registry, signIn, useBrowserApp } from '../support';

/** Issue 30, Deliver 4, in Chromium: dates that say what is wrong, read as an operator writes them. */
const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;

async function openCreate(): Promise<Page> {
  const { page } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
  await formBillNumber(page, invoice);
  return page;
}

async function typeDate(page: Page, text: string): Promise<string> {
  const date = page.getByLabel('Date', { exact: true });
  await date.fill('');
  await date.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  return date.inputValue();
}

describe('dates (issue 30)', () => {
  it('reads 2026-12-01, 1/12/26 and 01.12.2026 as 01-12-2026', async () => {
    const page = await openCreate();
    for (const typed of ['2026-12-01', '1/12/26', '01.12.2026', '1-12-2026']) expect(await typeDate(page, typed), typed).toBe('01-12-2026');
  });

  it('31-02-2026 says "31-02-2026 is not a date" when saved, not "Please provide ..."', async () => {
    const page = await openCreate();
    await fillHeader(page, invoice, { clientname: 'Date Check Carriers', clientaddress: 'Vashi 400703' });
    await fillLines(page, invoice, [{ goods: 'Gasket', qty: '1', rate: '90', per: 'per' }]);
    await typeDate(page, '31022026');
    await page.keyboard.press('Control+s');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Generate PDF' }).click();
    const alerts = page.getByRole('alert').filter({ hasText: /date/i });
    await alerts.first().waitFor();
    // Said as the date is left, and again by the save check; never "Please provide your bill invoice date".
    const texts = await alerts.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Date 31-02-2026 is not a date from 2000-01-01 to 2099-12-31.');
  });

  it('a date after today asks first, "Change the date" focused: Enter saves nothing; "Save dated ..." saves', async () => {
    const page = await openCreate();
    await fillHeader(page, invoice, { clientname: 'Future Freight', clientaddress: 'Uran 400702' });
    await fillLines(page, invoice, [{ goods: 'Washer', qty: '3', rate: '10', per: 'per' }]);
    expect(await typeDate(page, '01.12.2099')).toBe('01-12-2099');
    await page.keyboard.press('Control+s');
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
    const ask = page.getByRole('dialog', { name: 'Date in the future?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Date 01-12-2099 is after today');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change the date');
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('01-12-2099');
    expect(downloads).toBe(0);
  });
});
