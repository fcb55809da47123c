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

  it("shows the number as the bill's own year prints it, names the year's series when a number skips, and warns of a series changed mid-year (issue 50)", async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app, '/gst/business-profile');
    const series = page.getByRole('group', { name: 'Number series' });
    await series.getByLabel('Tax Invoice Bill', { exact: true }).fill('GI/{fy}/{n:4}');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('The GST business profile has been saved.').waitFor();
    const today = new Date();
    const start = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
    const year = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    const jump = `Numbering will jump: the Tax Service Bill bills of ${year} so far keep their numbers`;
    const serviceSeries = series.getByLabel('Tax Service Bill', { exact: true });
    const saved = await serviceSeries.inputValue();
    await serviceSeries.fill('TS/{fy}/{n}');
    await series.getByText(jump).waitFor();
    await serviceSeries.fill(saved);
    await series.getByText(jump).waitFor({ state: 'detached' });
    // Saved, the series is the one in force: no warning is left.
    await series.getByText(/Numbering will jump/).waitFor({ state: 'detached' });

    await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
    const billno = await formBillNumber(page, taxInvoice);
    const padded = String(billno).padStart(4, '0');
    await page.getByText(`Printed as GI/${shortYearOf(today)}/${padded}`).waitFor();
    const date = page.getByLabel(taxInvoice.roles.billDate.title, { exact: true });
    await date.fill('15-03-2026');
    await date.press('Tab');
    await page.getByText(`Printed as GI/25-26/${padded}`).waitFor();

    const dayText = `${String(today.getDate()).padStart(2, '0')}-${String(today.getMonth() + 1).padStart(2, '0')}-${today.getFullYear()}`;
    await date.fill(dayText);
    await date.press('Tab');
    await page.getByText(`Printed as GI/${shortYearOf(today)}/${padded}`).waitFor();
    const bill = journeyBill(taxInvoice);
    await fillHeader(page, taxInvoice, { ...bill.header, [taxInvoice.roles.billDate.name]: '' });
    await fillLines(page, taxInvoice, bill.lines);
    const label = taxInvoice.roles.billNumber.title;
    await page.getByLabel(label, { exact: true }).fill(String(billno + 44));
    await page.getByRole('button', { name: 'Save And Create PDF' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
    const gap = page.getByRole('dialog', { name: 'Skip bill numbers?' });
    await gap
      .getByText(`${label} ${billno + 44} skips 44 numbers; the next in the ${year} series is ${billno} (GI/${shortYearOf(today)}/${padded}).`, { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    await gap.waitFor({ state: 'detached' });
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
