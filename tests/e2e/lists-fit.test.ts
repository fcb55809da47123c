import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

/**
 * Issue 50 item 4: at 1366×768 and 1024×768 every list shows its Bill No., client, amount, status and actions
 * without a sideways scroll: the tax invoice list (its Select, Balance with Record Payment, Send and Delete
 * columns, the widest), Clients and Receivables. A row's Send by e-mail and Share open from its Send button.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const CLIENT = 'Shree Ganesh Transport and Logistics Private Limited';

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  for (const invoiceno of [1, 2, 3]) {
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno, clientname: CLIENT, gstno: '27AAPFU0939F1ZV' }));
  }
});

/** Whether anything on the page scrolls sideways: the document, or a table's own scroll box. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('.table-scroll')].some((box) => box.scrollWidth > box.clientWidth + 1),
  );

/** Every element the locator finds lies within the window's width. */
async function allInView(page: Page, width: number, selector: string): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
  expect(boxes.length).toBeGreaterThan(0);
  for (const right of boxes) expect(right, selector).toBeLessThanOrEqual(width);
}

describe.each([
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
])('lists at $width×$height', (viewport) => {
  it('the tax invoice list shows every column and action with no sideways scroll', async () => {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, `/${taxInvoice.unit}/view/${taxInvoice.route}`);
    const row = page.getByRole('row').filter({ hasText: CLIENT }).first();
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBe(false);
    for (const name of ['Edit']) await row.getByRole('link', { name, exact: true }).waitFor();
    for (const name of ['Record Payment', 'View', 'Send', 'Delete']) await row.getByRole('button', { name, exact: true }).waitFor();
    await allInView(page, viewport.width, 'tbody tr td, tbody tr th, thead th');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/list-fit-${viewport.width}.png` });

    // Send opens E-mail and Share (keyboard too), Escape closes it and gives the focus back.
    expect(await row.getByRole('button', { name: 'Send by e-mail' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Send', exact: true }).focus();
    await page.keyboard.press('Enter');
    await row.getByRole('button', { name: 'Send by e-mail' }).waitFor();
    await row.getByRole('button', { name: 'Share', exact: true }).waitFor();
    await allInView(page, viewport.width, '.list-send__actions--open button');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/list-send-open-${viewport.width}.png` });
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Send by e-mail' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
    await row.getByRole('button', { name: 'Send', exact: true }).click();
    await row.getByRole('button', { name: 'Send by e-mail' }).click();
    await page.getByRole('dialog', { name: 'Send by e-mail' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('Clients and Receivables fit too', async () => {
    const { page } = await e2e.open(viewport);
    await signIn(page, e2e.app, '/clients');
    await page.getByRole('row').filter({ hasText: CLIENT }).first().waitFor();
    expect(await sidewaysScroll(page)).toBe(false);
    await allInView(page, viewport.width, 'tbody tr td, thead th');
    await page.goto(`/${taxInvoice.unit}/receivables-ageing`);
    await page.getByRole('row').filter({ hasText: CLIENT }).first().waitFor();
    expect(await sidewaysScroll(page)).toBe(false);
    await allInView(page, viewport.width, 'tbody tr td, tbody tr th, thead th');
  });
});
