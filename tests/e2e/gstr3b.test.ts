import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { localIsoDay } from '../../src/engine/core';
import { validPayload } from '../fixtures/payloads';
import { apiSession, downloadedBytes, registry, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const env = useBrowserApp();

const shoot = async (page: Page, name: string) => {
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.locator('.gstr3b').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(VIEWPORTS[0]);
};

/**
 * Issue 49: this month's two Tax Invoices of 2 x 4,999.98 at 18% within Maharashtra: taxable 9,999.96 each, CGST
 * and SGST 899.9964 -> 900.00 each. GSTR-3B 3.1(a): 19,999.92, CGST 1,800.00, SGST 1,800.00, agreeing with GSTR-1.
 */
it('shows GSTR-3B 3.1 and 3.2 for a month beside GSTR-1 totals on the Reports screen, and downloads it and the Tally files', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  for (const billno of [1, 2]) {
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: billno, date: localIsoDay(), clientname: `3B Client ${billno}` }));
  }
  const { page, errors } = await open({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
  await signIn(page, app);
  await page.getByRole('link', { name: 'Reports' }).click();
  const region = page.getByRole('region', { name: 'Reports' });
  await region.getByLabel('Unit').selectOption('gst');
  await region.getByLabel('Period').selectOption('thisMonth');
  const section = page.getByRole('region', { name: /^GSTR-3B/ });
  await section.getByRole('status').waitFor();
  expect(await section.getByRole('status').textContent()).toBe('Agrees with GSTR-1 of the month: 3.1 (a) and (c) together equal its totals.');
  const taxed = await section.getByRole('row', { name: /Outward taxable supplies/ }).textContent();
  expect(taxed).toBe('(a) Outward taxable supplies₹ 19,999.92₹ 0.00₹ 1,800.00₹ 1,800.00₹ 0.00');
  expect(await section.getByRole('row', { name: /GSTR-1 totals/ }).textContent()).toBe('GSTR-1 totals (all sections, notes netted)₹ 19,999.92₹ 0.00₹ 1,800.00₹ 1,800.00₹ 0.00');
  expect(await section.getByRole('cell', { name: 'None this month.' }).count()).toBe(1);
  await shoot(page, 'gstr3b');

  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download GSTR-3B JSON' }).click()]);
  const fp = `${localIsoDay().slice(5, 7)}${localIsoDay().slice(0, 4)}`;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^GSTR3B_\\w{15}_${fp}\\.json$`));
  const json = JSON.parse((await downloadedBytes(file)).toString('utf8'));
  expect(json.sup_details.osup_det).toEqual({ txval: 19999.92, iamt: 0, camt: 1800, samt: 1800, csamt: 0 });

  // The month's two invoices as Tally vouchers: each party debited 11,800.00 (9,999.96 + 900.00 + 900.00 + 0.04).
  const [xml] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download Tally XML' }).click()]);
  expect(xml.suggestedFilename()).toMatch(/^Tally_gst_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xml$/);
  const text = (await downloadedBytes(xml)).toString('utf8');
  expect(text.match(/<VOUCHER VCHTYPE="Sales"/g)).toHaveLength(2);
  expect(text).toContain('<LEDGERNAME>3B Client 1</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-11800.00</AMOUNT>');
  const [excel] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download Tally Excel' }).click()]);
  expect(excel.suggestedFilename()).toMatch(/^Tally_gst_.*\.xlsx$/);
  expect(errors).toEqual([]);
});
