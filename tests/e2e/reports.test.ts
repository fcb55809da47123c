import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, downloadedBytes, registry, signIn, useBrowserApp } from './support';

const e2e = useBrowserApp();

/** Today as the browser's period picker sees it (this month's bills), YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  const taxInvoice = registry.byType('taxinvoice')!;
  // Two bills of 2 x 4999.98 at 18% within the state: 11,799.96 -> 11,800 each.
  for (const billno of [1, 2]) {
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: billno, date: today(), clientname: `Reports Client ${billno}` }));
  }
});

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), body: await downloadedBytes(file) };
}

describe('Reports screen in Chromium (issue 18)', () => {
  it('opens from the header on this financial year, shows its totals, the chart and the register, downloads all three files and marks the month filed', async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app);
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    const region = page.getByRole('region', { name: 'Reports' });
    await region.getByLabel('Unit').selectOption('gst');
    // Issue 27: the financial year first.
    expect(await region.getByLabel('Period').inputValue()).toBe('financialYear');

    await page.getByText('₹ 23,600.00').first().waitFor();
    expect(await page.locator('.report-totals').textContent()).toContain('Taxable value₹ 19,999.92');
    expect(await page.getByRole('row', { name: /Reports Client 2/ }).textContent()).toContain('11,800.00');
    await page.locator('.report-chart .recharts-bar-rectangle').first().waitFor();

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/^SalesRegister_gst_\d{4}-04-01_\d{4}-03-31\.csv$/);
    expect(csv.body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.toString('utf8')).toContain('Reports Client 1');

    const xlsx = await download(page, 'Download Excel');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Sales Register')!.rowCount).toBe(4);
    expect(workbook.getWorksheet('HSN Summary')!.getRow(2).getCell(1).value).toBe('8413');

    // GSTR-1 is a month's (or a quarter's) return.
    await region.getByLabel('Period').selectOption('thisMonth');
    const gstr1 = await download(page, 'Download GSTR-1 JSON');
    const fp = `${today().slice(5, 7)}${today().slice(0, 4)}`;
    expect(gstr1.name).toBe(`GSTR1_${registry.unit('gst')!.letterhead.gstin}_${fp}.json`);
    const json = JSON.parse(gstr1.body.toString('utf8'));
    expect(json.fp).toBe(fp);
    expect(json.b2b[0].inv.map((inv: { val: number }) => inv.val)).toEqual([11800, 11800]);

    // The downloaded month can be marked as filed: the mark stays, and its bills are locked.
    const month = new Date(`${today()}T00:00:00`).toLocaleString('en-IN', { month: 'long', year: 'numeric' });
    await page.getByText('No GSTR-1 marked as filed yet.').waitFor();
    await page.getByRole('button', { name: `Mark as filed up to ${month}` }).click();
    await page.getByText(`GSTR-1 filed up to ${month}: bills dated until then are locked.`).waitFor();
    expect(await page.getByRole('button', { name: /Mark as filed/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
