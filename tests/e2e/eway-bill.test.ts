import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { gstProfile } from '../fixtures/profile';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const shoot = async (page: import('playwright-core').Page, name: string) => {
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
};

/**
 * Issue 33: one bill's e-way bill JSON from its edit screen. Tax Invoice No. 1 to Kaveri Agro (Karnataka,
 * Bengaluru 560068): 4 no x 12,500 = 50,000.00 at 18%, IGST 9,000.00: 59,000.00, by road in MH04AB1234.
 */
it('downloads a tax invoice\'s e-way bill and e-invoice JSON from its edit screen and takes the e-way bill number back', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  await api.postJson('/api/gst/saveprofile', { ...gstProfile() });
  const kaveri = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };
  await api.postJson('/api/common/saveclient', { ...kaveri, place: 'Bengaluru', pincode: '560068' });
  const taxInvoice = registry.byType('taxinvoice')!;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, {
    ...kaveri,
    invoiceno: 1,
    date: '2026-11-21',
    transmode: 'Road',
    vehicleno: 'MH04AB1234',
    transdistance: '642',
    product: [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '4', rate: '12500', per: 'no', amount: '50000.00' }],
  }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/view/taxinvoicebill/1');
  const panel = page.getByRole('region', { name: 'E-way bill and e-invoice' });
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'E-Way Bill JSON' }).click()]);
  expect(download.suggestedFilename()).toBe('EWB-1.json');
  const file = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(file.version).toBe('1.0.0621');
  expect(file.billLists).toHaveLength(1);
  expect(file.billLists[0]).toMatchObject({
    docNo: '1', docDate: '21/11/2026', fromPincode: 400069, toGstin: '29AAGCB7383J1Z4', toPincode: 560068, toStateCode: 29,
    totalValue: 50000, igstValue: 9000, totInvValue: 59000, transMode: '1', transDistance: '642', vehicleNo: 'MH04AB1234',
  });

  // The same bill as the IRP's e-invoice (a B2B tax invoice).
  const [eInvoice] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'E-Invoice JSON' }).click()]);
  expect(eInvoice.suggestedFilename()).toBe('EINV-1.json');
  const document = JSON.parse(await readFile(await eInvoice.path(), 'utf8'));
  expect(document).toMatchObject({ Version: '1.1', DocDtls: { Typ: 'INV', No: '1', Dt: '21/11/2026' }, ValDtls: { AssVal: 50000, IgstVal: 9000, TotInvVal: 59000 } });

  await panel.getByLabel('E-Way Bill No.').fill('3410 1234 5678');
  await panel.getByLabel('E-Way Bill Date').fill('21/11/2026 10:15 AM');
  await panel.getByLabel('Valid Upto').fill('25/11/2026 11:59 PM');
  await shoot(page, 'eway-bill-panel');
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Save E-Way Bill No.' }).click();
  await page.getByText('E-Way Bill No. 341012345678 saved for Invoice No. 1.').waitFor();

  // With an IRN typed back, a change of the bill asks first; Cancel saves nothing.
  await api.postJson('/api/gst/saveirn', { billtype: 'taxinvoice', billno: 1, Irn: 'ab'.repeat(32), AckNo: '112610012345678', AckDt: '2026-11-21 10:20:00', SignedQRCode: 'aGVhZA.cGF5bG9hZA.c2ln' });
  await page.getByRole('button', { name: 'Update And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  const ask = page.getByRole('dialog', { name: 'E-invoice registered' });
  await ask.getByText('Tax Invoice Bill No. 1 has an IRN (acknowledged 2026-11-21 10:20:00).', { exact: false }).waitFor();
  await shoot(page, 'irn-change-question');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Not saved: the bill stays as its e-invoice was registered.').first().waitFor();

  // The Reports screen downloads a period's e-invoices and e-way bills: this one bill of November 2026.
  await page.getByRole('link', { name: 'Reports' }).click();
  const reports = page.getByRole('region', { name: 'Reports' });
  await reports.getByLabel('Unit').selectOption('gst');
  await reports.getByLabel('Period').selectOption('custom');
  await reports.getByLabel('From').fill('2026-11-01');
  await reports.getByLabel('To').fill('2026-11-30');
  const [period] = await Promise.all([page.waitForEvent('download'), reports.getByRole('button', { name: 'Download E-Invoice JSON' }).click()]);
  expect(period.suggestedFilename()).toBe('EINV-gst-2026-11-01-2026-11-30.json');
  const documents = JSON.parse(await readFile(await period.path(), 'utf8'));
  expect(documents.map((doc: { DocDtls: { No: string } }) => doc.DocDtls.No)).toEqual(['1']);
  // And its e-way bills: the bills of the period over their route's limit, this one (₹59,000.00 to Karnataka).
  const [ewayPeriod] = await Promise.all([page.waitForEvent('download'), reports.getByRole('button', { name: 'Download E-Way Bill JSON' }).click()]);
  expect(ewayPeriod.suggestedFilename()).toBe('EWB-gst-2026-11-01-2026-11-30.json');
  const periodFile = JSON.parse(await readFile(await ewayPeriod.path(), 'utf8'));
  expect(periodFile.billLists.map((entry: { docNo: string; totInvValue: number }) => [entry.docNo, entry.totInvValue])).toEqual([['1', 59000]]);
  await shoot(page, 'reports-e-invoice');
  expect(errors).toEqual([]);
});

const env = useBrowserApp();
