import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registry, signIn, useBrowserApp } from '../support';
import { formBillNumber } from '../journeys/support/screens';

/**
 * Issue 30, in Chromium against the real server: the grid never loses data. Tab never stops on Delete
 * Field, a removed line comes back with the toast's Undo, Up/Down move between lines instead of changing
 * the number, and Ctrl+Z never blanks a value typed in another line.
 */
const e2e = useBrowserApp();
const bill = registry.byType('invoice')!;

const cell = (page: Page, title: string, row: number) => page.getByLabel(`${title}, Sr. No. ${row}`, { exact: true });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);

async function openCreate(): Promise<Page> {
  const { page } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${bill.unit}/${bill.route}`);
  await formBillNumber(page, bill);
  return page;
}

/** Types lines by keyboard: Tab from each line's last input reaches the next line, or Add More Product on the last. */
async function typeLines(page: Page, lines: Array<[goods: string, qty: string, rate: string]>) {
  await cell(page, 'Description of Goods', 1).click();
  for (const [i, [goods, qty, rate]] of lines.entries()) {
    const n = i + 1;
    expect(await focusedName(page)).toBe(`Description of Goods, Sr. No. ${n}`);
    await page.keyboard.type(goods);
    await page.keyboard.press('Escape');
    await cell(page, 'QTY', n).fill(qty);
    await cell(page, 'Rate', n).fill(rate);
    await cell(page, 'Per', n).selectOption({ label: 'pair' });
    await cell(page, 'Per', n).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Add More Product');
    if (n < lines.length) {
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedName(page)).toBe(`Description of Goods, Sr. No. ${n + 1}`);
    }
  }
}

const lineValues = (page: Page, n: number) =>
  Promise.all(['Description of Goods', 'QTY', 'Rate', 'Amount'].map((title) => cell(page, title, n).inputValue()));

describe('the grid never loses data (issue 30)', () => {
  it('Tab goes line to line and to Add More Product; a removed line comes back with Undo, exactly', async () => {
    const page = await openCreate();
    await typeLines(page, [
      ['Filter', '2', '100'],
      ['Nozzle', '3', '40'],
      ['Fuel pump', '1', '2500'],
    ]);
    // Tab from line 1's last input goes to line 2, not to its Delete Field.
    await cell(page, 'Per', 1).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Description of Goods, Sr. No. 2');

    await page.getByRole('row', { name: 'Sr. No. 2' }).getByRole('button', { name: 'Delete Field' }).click();
    await expect.poll(() => page.getByRole('row', { name: /^Sr\. No\. \d$/ }).count()).toBe(2);
    expect(await lineValues(page, 2)).toEqual(['Fuel pump', '1', '2500', '2500.00']);
    const toast = page.getByRole('status').filter({ hasText: 'Sr. No. 2 removed' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('row', { name: /^Sr\. No\. \d$/ }).count()).toBe(3);
    expect(await lineValues(page, 1)).toEqual(['Filter', '2', '100', '200.00']);
    expect(await lineValues(page, 2)).toEqual(['Nozzle', '3', '40', '120.00']);
    expect(await lineValues(page, 3)).toEqual(['Fuel pump', '1', '2500', '2500.00']);
    await toast.waitFor({ state: 'detached' });
  });

  it('Up/Down move between lines and keep 850; Alt+Up steps; Ctrl+Z in one line never blanks another', async () => {
    const page = await openCreate();
    await typeLines(page, [
      ['Filter', '850', '10'],
      ['Nozzle', '3', '40'],
    ]);
    await cell(page, 'QTY', 1).click();
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('QTY, Sr. No. 2');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('QTY, Sr. No. 1');
    expect(await cell(page, 'QTY', 1).inputValue()).toBe('850');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await cell(page, 'QTY', 1).inputValue()).toBe('851');

    // Typed in line 2, then Ctrl+Z in line 2 until nothing is left to undo there: line 1 keeps its 851 and amount.
    await cell(page, 'Rate', 2).click();
    await page.keyboard.press('End');
    await page.keyboard.type('5');
    expect(await cell(page, 'Rate', 2).inputValue()).toBe('405');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Control+z');
    expect(await focusedName(page)).toBe('Rate, Sr. No. 2');
    await page.keyboard.press('Tab');
    expect(await lineValues(page, 1)).toEqual(['Filter', '851', '10', '8510.00']);
    expect(await cell(page, 'Description of Goods', 2).inputValue()).toBe('Nozzle');
    expect(await cell(page, 'QTY', 2).inputValue()).toBe('3');
  });
});
