import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PATH } from '../../src/app/layout/header-links';
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
    // The header, two bills, the totals, then the audit chain's head (issue 45).
    const register = workbook.getWorksheet('Sales Register')!;
    expect(register.rowCount).toBe(5);
    expect(String(register.getRow(5).getCell(1).value)).toMatch(/^Audit chain head: \d+:[0-9a-f]{64}$/);
    expect(workbook.getWorksheet('HSN Summary')!.getRow(2).getCell(1).value).toBe('8413');

    // GSTR-1 is a month's (or a quarter's) return.
    await region.getByLabel('Period').selectOption('thisMonth');
    const gstr1 = await download(page, 'Download GSTR-1 JSON');
    const fp = `${today().slice(5, 7)}${today().slice(0, 4)}`;
    expect(gstr1.name).toBe(`GSTR1_${registry.unit('gst')!.letterhead.gstin}_${fp}.json`);
    const json = JSON.parse(gstr1.body.toString('utf8'));
    expect(json.fp).toBe(fp);
    expect(json.b2b[0].inv.map((inv: { val: number }) => inv.val)).toEqual([11800, 11800]);

    // Issue 50: this month is not over, so its download offers no mark (the lock tests below mark last month).
    const month = new Date(`${today()}T00:00:00`).toLocaleString('en-IN', { month: 'long', year: 'numeric' });
    await page.getByText('No GSTR-1 marked as filed yet.').waitFor();
    await page.getByText(`${month} is not over yet: it can be marked as filed after`).waitFor();
    expect(await page.getByRole('button', { name: /Mark as filed/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

/** The last day of last month, YYYY-MM-DD, and as the screen names it ("31 Oct 2026"). */
function lastMonthEnd(): { iso: string; shown: string } {
  const end = new Date();
  end.setDate(0);
  const iso = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`;
  const shown = `${end.getDate()} ${end.toLocaleString('en-GB', { month: 'long' }).slice(0, 3)} ${end.getFullYear()}`;
  return { iso, shown };
}

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844, touch: true },
];
const SHOTS = process.env.SCREENSHOT_DIR;

describe('marking a GSTR-1 filed, and moving the mark back (issue 50)', () => {
  it.each(VIEWPORTS)("asks before locking an ended month, names its last day, and an owner moves it back with their password at %o", async (viewport) => {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, REPORTS_PATH);
    const region = page.getByRole('region', { name: 'Reports' });
    await region.getByLabel('Unit').selectOption('gst');
    await region.getByLabel('Period').selectOption('lastMonth');
    await page.getByText('No GSTR-1 marked as filed yet.').waitFor();
    await download(page, 'Download GSTR-1 JSON');

    const { iso, shown } = lastMonthEnd();
    await page.getByRole('button', { name: `Mark as filed up to ${shown}` }).click();
    const question = page.getByRole('dialog', { name: `Mark GSTR-1 filed up to ${shown}?` });
    await question.getByText(`dated until ${shown} can no longer be made, changed or deleted`, { exact: false }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mark-filed-question-${viewport.width}.png` });
    // Cancel locks nothing.
    await question.getByRole('button', { name: 'Cancel', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect((await (await apiSession(e2e.app)).postJson<{ upto: string | null }>('/api/gst/getlock', {})).upto).toBeNull();

    await page.getByRole('button', { name: `Mark as filed up to ${shown}` }).click();
    await question.getByRole('button', { name: 'Mark as filed', exact: true }).click();
    await page.getByText(`GSTR-1 marked as filed up to ${iso}.`).waitFor();
    const month = new Date(`${iso}T00:00:00`).toLocaleString('en-IN', { month: 'long', year: 'numeric' });
    await page.getByText(`GSTR-1 filed up to ${month}: bills dated until then are locked.`).waitFor();

    // Moving it back to none: a wrong password is refused with the server's msg and changes nothing.
    await page.getByText('Move the filed mark back').click();
    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Move mark back' }).click();
    await page.getByText('The password is not correct.').waitFor();
    expect((await (await apiSession(e2e.app)).postJson<{ upto: string | null }>('/api/gst/getlock', {})).upto).toBe(iso);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/move-mark-back-${viewport.width}.png`, fullPage: true });

    await page.getByLabel('Your password').fill(e2e.app.operator.password);
    await page.getByRole('button', { name: 'Move mark back' }).click();
    await page.getByText('No month is marked as filed.').waitFor();
    await page.getByText('No GSTR-1 marked as filed yet.').waitFor();
    expect((await (await apiSession(e2e.app)).postJson<{ upto: string | null }>('/api/gst/getlock', {})).upto).toBeNull();
    expect(errors).toEqual([]);
  });
});
