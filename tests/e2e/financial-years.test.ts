import { describe, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { journeyBill } from './journeys/support/journey-bill';
import { formBillNumber, saveWithPdf } from './journeys/support/screens';

const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;

/** This financial year as a series prints it ("26-27"), worked out here from the calendar. */
function shortYearOf(day: Date): string {
  const start = day.getMonth() >= 3 ? day.getFullYear() : day.getFullYear() - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

describe('financial years in Chromium (issue 27)', () => {
  it("the profile's number series reaches the next bill's printed number, its PDF and its file name", async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app, '/gst/business-profile');
    const series = page.getByRole('group', { name: 'Number series' });
    const input = series.getByLabel('Tax Invoice Bill', { exact: true });
    await input.fill('GI/{fy}/{n:4}');
    const thisYear = shortYearOf(new Date());
    await series.getByText(`Prints as GI/${thisYear}/0001, GI/${thisYear}/0002 ...`).waitFor();
    // A series the e-invoice pattern refuses is stopped on the screen, naming the type.
    await input.fill('gi/{n}');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(/Tax Invoice Bill series "gi\/\{n\}" would print "gi\/1"/).waitFor();
    await input.fill('GI/{fy}/{n:4}');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('The GST business profile has been saved.').waitFor();

    await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
    const billno = await formBillNumber(page, taxInvoice);
    await page.getByText(`Printed as GI/${thisYear}/${String(billno).padStart(4, '0')}`).waitFor();
    const bill = journeyBill(taxInvoice);
    await fillHeader(page, taxInvoice, bill.header);
    await fillLines(page, taxInvoice, bill.lines);
    const saved = await saveWithPdf(page, 'Save And Create PDF', 'Are you sure?', taxInvoice);
    // The journey bill is dated 21-11-2026: financial year 2026-27.
    const printed = `GI/26-27/${String(billno).padStart(4, '0')}`;
    expect(saved.fileName).toBe(`${printed.replaceAll('/', '_')}-${bill.clientname}.pdf`);
    expect(saved.text).toContain(printed);

    await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}`);
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2026-27');
    await page.locator('tbody td.col-billno', { hasText: printed }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a bill of a month whose GSTR-1 is filed opens read-only', async () => {
    const api = await apiSession(e2e.app);
    const { billno } = (await api.postJson<{ billno: { billno: number } }>('/api/common/getbillno', { billtype: 'taxinvoice', date: '2026-10-10' })).billno;
    const number = billno + 1;
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: number, date: '2026-10-10', clientname: 'Filed Month Motors' }));
    await api.postJson('/api/gst/lockperiod', { upto: '2026-10-31' });

    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app, `/${taxInvoice.unit}/view/${taxInvoice.route}/${number}?fy=2026-27`);
    await page
      .getByText('GSTR-1 is filed up to October 2026: a bill dated on or before 31-10-2026 cannot be created, changed or deleted. This bill opens read-only.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Update And Create PDF' }).count()).toBe(0);
    expect(await page.getByLabel('Client Company Name', { exact: true }).first().inputValue()).toBe('Filed Month Motors');
    expect(errors).toEqual([]);
  });
});
