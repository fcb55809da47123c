import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSession, registry, signIn, useBrowserApp, type ApiSession } from '../support';
import { formBillNumber } from './support/screens';

/**
 * Issue 15: bill entry as a practiced operator does it, in Chromium against the real server: the
 * suggestions combobox, keyboard-only entry, live totals, the grid at laptop and tablet sizes, the checks.
 */
const e2e = useBrowserApp();
let api: ApiSession;

const taxInvoice = registry.byType('taxinvoice')!;

beforeAll(async () => {
  api = await apiSession(e2e.app);
  for (const [name, hsn, taxrate] of [
    ['Nozzle', '8413', 18],
    ['Injector nozzle set', '84099990', 28],
    ['Fuel pump', '8413', 12],
  ] as const) {
    await api.postJson('/api/common/savetaxproduct', { product: name, hsn, taxrate });
  }
});

async function openCreate(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await e2e.open(viewport);
  await signIn(page, e2e.app);
  await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
  await formBillNumber(page, taxInvoice);
  return page;
}

const cell = (page: Page, title: string, row: number) => page.getByLabel(`${title}, Sr. No. ${row}`, { exact: true });

describe('the products combobox', () => {
  it('filters saved names as the operator types and picks with the arrow keys and Enter, filling HSN and rate', async () => {
    const page = await openCreate();
    const goods = cell(page, 'Description of Goods', 1);
    await expect.poll(() => goods.getAttribute('role')).toBe('combobox');
    await goods.click();
    await page.keyboard.type('noz');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['Nozzle', 'Injector nozzle set']);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await listbox.getByRole('option', { selected: true }).textContent()).toBe('Injector nozzle set');
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    expect(await goods.inputValue()).toBe('Injector nozzle set');
    expect(await cell(page, 'HSN', 1).inputValue()).toBe('84099990');
    expect(await cell(page, 'HSN rate', 1).inputValue()).toBe('28');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Description of Goods, Sr. No. 1');

    await goods.fill('');
    await page.keyboard.type('PUMP');
    await page.getByRole('option', { name: 'Fuel pump' }).click();
    expect(await goods.inputValue()).toBe('Fuel pump');
    expect(await cell(page, 'HSN rate', 1).inputValue()).toBe('12');
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await goods.inputValue()).toBe('Fuel pumpx');
  });
});
