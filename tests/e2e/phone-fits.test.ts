import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { listRoute } from '../../src/app/paths';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

/**
 * Issue 50 item 10, on the phone (and the laptop): Record Payment's amounts fit without a sideways swipe, and every
 * checkbox is a target of at least 24×24 CSS pixels (WCAG 2.5.8).
 */
const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844, touch: true },
];
const CLIENT = 'Kaveri Agro Industries';
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  for (const billno of [1, 2]) await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: billno, clientname: CLIENT }));
});

/** The visible checkboxes smaller than 24×24, named by their label. */
async function smallCheckboxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].flatMap((box) => {
      const { width, height } = box.getBoundingClientRect();
      if (width === 0 && height === 0) return [];
      const name = box.getAttribute('aria-label') ?? box.closest('label')?.textContent?.trim() ?? 'checkbox';
      return width < 24 || height < 24 ? [`${name} ${width}×${height}`] : [];
    }),
  );
}

it.each(VIEWPORTS)('every checkbox of a sales list is at least 24×24 at %o', async (viewport) => {
  const { page, errors } = await e2e.open(viewport);
  await signIn(page, e2e.app, listRoute(taxInvoice));
  await page.getByRole('checkbox', { name: 'Show cancelled' }).waitFor();
  await page.getByRole('row').filter({ hasText: CLIENT }).first().waitFor();
  // The Select boxes (portal files), Show cancelled and Unpaid are all there to measure.
  expect(await page.locator('input[type=checkbox]').count()).toBeGreaterThanOrEqual(4);
  expect(await smallCheckboxes(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-checkboxes-${viewport.width}.png` });
  expect(errors).toEqual([]);
});

it.each(VIEWPORTS)("Record Payment's amounts fit without scrolling sideways at %o", async (viewport) => {
  const { page, errors } = await e2e.open(viewport);
  await signIn(page, e2e.app, listRoute(taxInvoice));
  await page.getByRole('row').filter({ hasText: CLIENT }).first().getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByRole('textbox', { name: /^Settle / }).first().waitFor();
  const overflow = await dialog.evaluate((element) =>
    [element, ...element.querySelectorAll<HTMLElement>('*')]
      .filter((inside) => inside.scrollWidth > inside.clientWidth + 1 && getComputedStyle(inside).overflowX !== 'visible')
      .map((inside) => `${inside.className || inside.tagName} ${inside.scrollWidth} > ${inside.clientWidth}`),
  );
  expect(overflow).toEqual([]);
  const offScreen = await dialog.locator('input, select, button').evaluateAll((controls, width) =>
    controls.flatMap((control) => {
      const box = control.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > width) ? [control.getAttribute('aria-label') ?? control.textContent ?? control.tagName] : [];
    }),
  viewport.width);
  expect(offScreen).toEqual([]);
  if (SHOTS) {
    await dialog.locator('.payment-bills').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/record-payment-fit-${viewport.width}.png` });
  }
  expect(errors).toEqual([]);
});
