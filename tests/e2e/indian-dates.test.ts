import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

/**
 * Issue 50 item 7: every date input of the app's own screens shows and takes DD-MM-YYYY in a browser whose language
 * is US English (where the browser's own date input reads MM/DD/YYYY): the list filters, Record Payment's date, a
 * client's statement period, Receivables as of, the Reports screen's custom period, the Audit screen's filters.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const US = { width: 1366, height: 768, locale: 'en-US' };

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 1, date: '2026-10-15', clientname: 'October Motors' }));
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 2, date: '2026-11-20', clientname: 'November Motors' }));
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

async function openUs(path: string): Promise<Page> {
  const { page } = await e2e.open(US);
  await signIn(page, e2e.app, path);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  return page;
}

/** Types a date as an operator does, digits and dashes, and checks the field shows it in Indian order. */
async function typeDay(input: Locator, day: string): Promise<void> {
  expect(await input.getAttribute('placeholder')).toBe('DD-MM-YYYY');
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(day);
  await input.press('Tab');
  expect(await input.inputValue()).toBe(day);
}

it("filters a bill list by dates typed DD-MM-YYYY in a US English browser, and Record Payment's date reads the same way", async () => {
  const page = await openUs(`/${taxInvoice.unit}/view/${taxInvoice.route}`);
  await page.getByRole('row').filter({ hasText: 'October Motors' }).waitFor();
  await typeDay(page.getByLabel('From', { exact: true }), '01-11-2026');
  await typeDay(page.getByLabel('To', { exact: true }), '30-11-2026');
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'October Motors' }).count()).toBe(0);
  await page.getByRole('row').filter({ hasText: 'November Motors' }).waitFor();
  await shoot(page, 'list-dates');

  await page.getByRole('row').filter({ hasText: 'November Motors' }).getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  const date = dialog.getByLabel('Date', { exact: true });
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  expect(await date.inputValue()).toBe(`${pad(today.getDate())}-${pad(today.getMonth() + 1)}-${today.getFullYear()}`);
  await typeDay(date, '25-11-2026');
  await shoot(page, 'payment-date');
});

it('Receivables as of, a statement period, the Reports custom period, the Audit filters and a contract take DD-MM-YYYY', async () => {
  const page = await openUs(`/${taxInvoice.unit}/receivables-ageing`);
  await typeDay(page.getByLabel('As of', { exact: true }), '31-12-2026');
  await page.getByRole('button', { name: 'Statement of November Motors' }).click();
  const statement = page.getByRole('dialog', { name: 'Client statement' });
  await typeDay(statement.getByLabel('From', { exact: true }), '01-09-2026');
  await typeDay(statement.getByLabel('To', { exact: true }), '31-12-2026');
  await statement.getByRole('button', { name: 'Close' }).click();

  await page.goto('/reports');
  const reports = page.getByRole('region', { name: 'Reports' });
  await reports.getByLabel('Period').selectOption('custom');
  await typeDay(reports.getByLabel('From', { exact: true }), '01-04-2026');
  await typeDay(reports.getByLabel('To', { exact: true }), '30-11-2026');
  await shoot(page, 'reports-dates');

  await page.goto('/audit');
  const filters = page.getByRole('group', { name: 'Filters' });
  await typeDay(filters.getByLabel('From', { exact: true }), '15-10-2026');

  await page.goto(`/${taxInvoice.unit}/service-contracts`);
  await page.getByRole('link', { name: 'New Contract' }).click();
  const contract = page.getByRole('form', { name: 'Contract' });
  await typeDay(contract.getByLabel('Start date', { exact: true }), '01-01-2027');
});
