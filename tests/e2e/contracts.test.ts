import { expect, it } from 'vitest';
import { localIsoDay } from '../../src/engine/core';
import { apiSession, seriousViolations, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const HOSPITAL = 'Sahyadri Hospital';

const env = useBrowserApp();

/**
 * Issue 47 on screen: a quarterly AMC made on the Contracts screen, Raise now, and the invoice it raised on the
 * contract's cycles (numbered in this year's series), then in the list with its next due date.
 */
it('makes a contract, raises its invoice now, and shows the invoice on its cycles and the list', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  await api.postJson('/api/common/saveclient', { clientname: HOSPITAL, clientaddress: 'Karve Road, Pune', gstno: '27AAPFU0939F1ZV' });

  const { page, errors } = await open({ width: 1366, height: 768 });
  await signIn(page, app, '/gst/service-contracts');
  await page.getByText('No service contracts yet.').waitFor();
  await page.getByRole('link', { name: 'New Contract' }).click();
  const form = page.getByRole('form', { name: 'Contract' });
  await form.getByLabel('Client', { exact: true }).fill(HOSPITAL);
  await form.getByLabel('Cycles').fill('4');
  await form.getByLabel('Product 1').fill('500 kVA DG set');
  await form.getByLabel('Service 1').fill('Quarterly AMC service');
  await form.getByLabel('Rate 1').fill('18000');
  await form.getByLabel('SAC 1').fill('998714');
  await form.getByRole('button', { name: 'Save Contract' }).click();
  await page.getByRole('heading', { name: `Contract: ${HOSPITAL}` }).waitFor();
  expect(page.url()).toMatch(/\/gst\/service-contracts\/\d+$/);

  await page.getByRole('button', { name: 'Raise Now' }).click();
  const cycles = page.getByRole('table', { name: 'Cycles' });
  const first = cycles.locator('tbody tr').first();
  await first.getByText('Invoiced').waitFor();
  // Today's invoice, the first of its financial year's series for tax service bills (S/{n}).
  const today = localIsoDay();
  const printed = 'S/1';
  await expect.poll(async () => (await first.locator('th, td').allTextContents()).map((text) => text.trim())).toEqual([
    '1',
    expect.stringContaining(' – '),
    expect.any(String),
    'Invoiced',
    `${printed} (${today.split('-').reverse().join('-')})`,
    '₹ 21,240.00',
    expect.stringContaining('₹ 0.00'),
  ]);
  expect(await cycles.locator('tbody tr').count()).toBe(4);
  await page.getByText('1 of 4 invoices raised').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) {
    for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/contract-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  // The invoice opens on its bill screen.
  await first.getByRole('link', { name: printed }).click();
  await page.waitForURL(/\/gst\/view\/taxservicebill\/1/);
  await page.waitForFunction((name) => [...document.querySelectorAll('input, textarea')].some((input) => (input as HTMLInputElement).value === name), HOSPITAL);

  await page.goto(new URL('/gst/service-contracts', app.url).toString());
  const row = page.getByRole('table').locator('tbody tr').first();
  await row.getByText('1 of 4').waitFor();
  expect((await row.locator('th, td').allTextContents()).map((text) => text.trim())).toEqual([HOSPITAL, expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), '1 of 4', 'Active', '₹ 21,240.00']);
  if (SHOTS) {
    for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/contracts-${width}.png`, fullPage: true });
    }
  }

  // A short contract starting in 3 days, with a visit in 2: the landing screen's "Due this week" and a renewal.
  const inDays = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const shown = (iso: string) => iso.split('-').reverse().join('-');
  await api.postJson('/api/gst/savecontract', {
    clientname: HOSPITAL,
    startdate: inDays(3),
    cycles: 1,
    frequency: 'days',
    everydays: 20,
    product: [{ srno: 1, productname: '125 kVA DG set', service: [{ servicename: 'Breakdown visit', servicedesc: '', rate: '5000', amount: '5000', hsn: '998714', taxrate: '18' }] }],
    visits: [{ date: inDays(5), engineer: 'Ravi' }],
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(new URL('/alfadiesel/invoicebill', app.url).toString());
  const panel = page.getByRole('region', { name: 'Due this week' });
  await panel.waitFor();
  expect(await panel.getByRole('listitem').allTextContents()).toEqual([
    `${shown(inDays(3))}: ${HOSPITAL} (GST), invoice raised`,
    `${shown(inDays(5))}: ${HOSPITAL} (GST), visit by Ravi`,
    `${shown(inDays(22))}: ${HOSPITAL} (GST), contract ends: renew it`,
  ]);
  if (SHOTS) {
    for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/due-this-week-${width}.png` });
    }
  }
  expect(errors).toEqual([]);
});
