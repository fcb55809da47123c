import { beforeAll, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { gstProfile } from '../fixtures/profile';
import { pdfText } from '../pdf/pdf-tools';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { formBillNumber, saveExpectingToast } from './journeys/support/screens';
import { apiSession, downloadedBytes, registry, seriousViolations, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const env = useBrowserApp();
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const kaveri = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };

/** The seller's and the buyer's places and pincodes, which both files need. */
beforeAll(async () => {
  const api = await apiSession(env.app);
  await api.postJson('/api/gst/saveprofile', { ...gstProfile() });
  await api.postJson('/api/common/saveclient', { ...kaveri, place: 'Bengaluru', pincode: '560068' });
});

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
  const file = JSON.parse((await downloadedBytes(download)).toString('utf8'));
  expect(file.version).toBe('1.0.0621');
  expect(file.billLists).toHaveLength(1);
  expect(file.billLists[0]).toMatchObject({
    docNo: '1', docDate: '21/11/2026', fromPincode: 400069, toGstin: '29AAGCB7383J1Z4', toPincode: 560068, toStateCode: 29,
    totalValue: 50000, igstValue: 9000, totInvValue: 59000, transMode: '1', transDistance: '642', vehicleNo: 'MH04AB1234',
  });

  // The same bill as the IRP's e-invoice (a B2B tax invoice).
  const [eInvoice] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'E-Invoice JSON' }).click()]);
  expect(eInvoice.suggestedFilename()).toBe('EINV-1.json');
  const document = JSON.parse((await downloadedBytes(eInvoice)).toString('utf8'));
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
  const documents = JSON.parse((await downloadedBytes(period)).toString('utf8'));
  expect(documents.map((doc: { DocDtls: { No: string } }) => doc.DocDtls.No)).toEqual(['1']);
  // And its e-way bills: the bills of the period over their route's limit, this one (₹59,000.00 to Karnataka).
  const [ewayPeriod] = await Promise.all([page.waitForEvent('download'), reports.getByRole('button', { name: 'Download E-Way Bill JSON' }).click()]);
  expect(ewayPeriod.suggestedFilename()).toBe('EWB-gst-2026-11-01-2026-11-30.json');
  const periodFile = JSON.parse((await downloadedBytes(ewayPeriod)).toString('utf8'));
  expect(periodFile.billLists.map((entry: { docNo: string; totInvValue: number }) => [entry.docNo, entry.totInvValue])).toEqual([['1', 59000]]);
  await shoot(page, 'reports-e-invoice');
  expect(errors).toEqual([]);
});

/**
 * Issue 33 item 5: several bills picked in the list give one e-way bill file and one list of e-invoices. Tax Invoice
 * No. 2 and 3 to Kaveri Agro: 1 no x 60,000.00 and 2 no x 30,000.00 at 18 %, each 70,800.00 with IGST.
 */
it('exports the bills picked in the list as one e-way bill file and one list of e-invoices', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  for (const [billno, qty, rate] of [[2, '1', '60000'], [3, '2', '30000']] as const) {
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, {
      ...kaveri, invoiceno: billno, date: '2026-11-25', transmode: 'Road', vehicleno: 'MH04AB1234', transdistance: '642',
      product: [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty, rate, per: 'no', amount: '60000.00' }],
    }));
  }

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/view/taxinvoicebill');
  await page.getByRole('checkbox', { name: 'Select 2' }).check();
  await page.getByRole('checkbox', { name: 'Select 3' }).check();
  const bar = page.getByRole('group', { name: 'Export the selected bills' });
  await bar.getByText('2 bills selected').waitFor();
  await shoot(page, 'list-selection');
  const [eway] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'E-Way Bill JSON' }).click()]);
  const file = JSON.parse((await downloadedBytes(eway)).toString('utf8'));
  expect(file.billLists.map((entry: { docNo: string; totalValue: number; igstValue: number; totInvValue: number }) => [entry.docNo, entry.totalValue, entry.igstValue, entry.totInvValue]))
    .toEqual([['2', 60000, 10800, 70800], ['3', 60000, 10800, 70800]]);
  const [eInvoices] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'E-Invoice JSON' }).click()]);
  const documents = JSON.parse((await downloadedBytes(eInvoices)).toString('utf8'));
  expect(documents.map((doc: { DocDtls: { No: string }; ValDtls: { TotInvVal: number } }) => [doc.DocDtls.No, doc.ValDtls.TotInvVal])).toEqual([['2', 70800], ['3', 70800]]);
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await bar.waitFor({ state: 'detached' });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});


/**
 * Issue 43: the transport fields' shapes are the schema's, so the create screen refuses what the portal would, each
 * in its own words, as the server does (the same check in both).
 */
it('refuses a bad vehicle number, then a bad ship-to pincode, on Save of a create screen, each with its message', async () => {
  const taxInvoice = registry.byType('taxinvoice')!;
  const { page, errors } = await env.open(VIEWPORTS[0]);
  await signIn(page, env.app, `/${taxInvoice.unit}/${taxInvoice.route}`);
  await formBillNumber(page, taxInvoice);
  await fillHeader(page, taxInvoice, { ...kaveri, transmode: 'Road', vehicleno: 'MH 4 AB#1234', shiptopincode: '041050' });
  await fillLines(page, taxInvoice, [{ goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '1', rate: '12500', per: 'no' }]);
  await saveExpectingToast(page, 'Save And Create PDF', 'Are you sure?', 'Vehicle No. must be a registration number like MH12AB1234 or MH 12 AB 1234');
  await fillHeader(page, taxInvoice, { vehicleno: 'MH 04 AB 1234' });
  await saveExpectingToast(page, 'Save And Create PDF', 'Are you sure?', 'Ship-to Pincode must be 6 digits, the first not 0, e.g. 410501.');
  expect(errors).toEqual([]);
});

/**
 * Issue 50 item 8: the panel says what each file is for and where it goes, offers to fill a client's missing place
 * and pincode right there, and takes the IRP's answer on screen. Tax Invoice No. 7 to Sai Engineering, a client saved
 * without place or pincode.
 */
it("explains each portal file, fills a client's missing place and pincode there, and takes the IRP's answer on screen", async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  const sai = { clientname: 'Sai Engineering Works', clientaddress: 'MIDC Bhosari, Pune', gstno: '27AAPFU0939F1ZV' };
  await api.postJson('/api/common/saveclient', sai);
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { ...sai, invoiceno: 7, date: '2026-11-21', transmode: 'Road', vehicleno: 'MH12AB1234', transdistance: '20' }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/view/taxinvoicebill/7');
  const panel = page.getByRole('region', { name: 'E-way bill and e-invoice' });
  await panel.getByText('Upload it on ewaybillgst.gov.in under e-Waybill → Generate Bulk').waitFor();
  await panel.getByText('Upload it on einvoice1.gst.gov.in under e-Invoice → Bulk Upload').waitFor();

  await panel.getByRole('button', { name: 'E-Way Bill JSON' }).click();
  await page.getByText('Place missing for client Sai Engineering Works. Pincode missing for client Sai Engineering Works.').waitFor();
  const client = panel.getByRole('form', { name: 'Client Sai Engineering Works' });
  await client.getByText('Client Sai Engineering Works has no place or pincode, which the e-way bill needs:').waitFor();
  await client.getByLabel('Place').fill('Pune');
  await client.getByLabel('Pincode').fill('411026');
  await shoot(page, 'eway-client-gap');
  expect(await seriousViolations(page)).toEqual([]);
  await client.getByRole('button', { name: 'Save to Client' }).click();
  await client.waitFor({ state: 'detached' });
  const response = await fetch(new URL('/api/common/getclient?search=Sai', app.url), { headers: { authorization: `Bearer ${api.token}` } });
  const saved = (await response.json()) as { clientList: Array<Record<string, unknown>> };
  expect(saved.clientList.find((each) => each.clientname === sai.clientname)).toMatchObject({ clientaddress: sai.clientaddress, place: 'Pune', pincode: '411026' });
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'E-Way Bill JSON' }).click()]);
  const file = JSON.parse((await downloadedBytes(download)).toString('utf8'));
  expect(file.billLists[0]).toMatchObject({ toPlace: 'Pune', toPincode: 411026 });

  const irp = panel.getByRole('form', { name: 'IRP answer' });
  await irp.getByLabel('IRN').fill('cd'.repeat(32));
  await irp.getByLabel('Ack No.').fill('112610012349999');
  await irp.getByLabel('Ack Date').fill('21/11/2026');
  await irp.getByLabel('Signed QR Code').fill('aGVhZA.cGF5bG9hZA.c2ln');
  await irp.getByRole('button', { name: 'Save IRN' }).click();
  await page.getByText('Ack Date must be written as the IRP answers it, e.g. 2026-11-28 10:15:00.').waitFor();
  await irp.getByLabel('Ack Date').fill('2026-11-21 10:20:00');
  await irp.getByRole('button', { name: 'Save IRN' }).click();
  await panel.getByText('IRN cdcdcdcdcdcd… saved: Ack No. 112610012349999 of 2026-11-21 10:20:00.').waitFor();
  expect(await panel.getByRole('form', { name: 'IRP answer' }).count()).toBe(0);
  // The PDF prints the answer typed on screen.
  const pdf = await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 7 });
  expect(pdf.status).toBe(200);
  expect(pdfText(Buffer.from(await pdf.arrayBuffer()), 'flow').replace(/\s+/g, '')).toContain('cd'.repeat(32));
  expect(errors).toEqual([]);
});
