import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { journeyBill } from './journeys/support/journey-bill';
import { saveWithPdf } from './journeys/support/screens';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from './support';

/**
 * Issue 16: the client name is a combobox over the saved clients (picking fills the address and GSTIN), and the
 * Clients screen (header entry "Clients") lists, adds, edits and deletes clients and shows a client's bills.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const SAVE = 'Save And Create PDF';
const SAVE_CONFIRM = 'Are you sure?';
const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 1024, height: 768 };

const nameInput = (page: Page) => page.getByRole('combobox', { name: 'Client Company Name' });
const addressInput = (page: Page) => page.getByLabel('Client Company Address', { exact: true });
const gstinInput = (page: Page) => page.getByLabel('Client GSTIN/UIN', { exact: true });

/** A new tax invoice: type four letters of the client's name and pick it from the suggestions. */
async function pickClient(page: Page, letters: string, name: string): Promise<void> {
  await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
  await nameInput(page).click();
  await nameInput(page).pressSequentially(letters);
  const option = page.getByRole('option', { name: new RegExp(name) });
  await option.waitFor();
  await option.click();
  await expect.poll(() => nameInput(page).inputValue()).toBe(name);
}

/** The Clients screen from the header's "Clients" entry, searched down to one client's row. */
async function openClients(page: Page, search: string) {
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  await page.getByLabel('Search', { exact: true }).fill(search);
  const rows = page.locator('.client-table tbody tr');
  await expect.poll(() => rows.count()).toBe(1);
  return rows.first();
}

it('a first tax invoice typed for a new client saves it; a second picks it after four letters and gets its address and GSTIN', async () => {
  const { page, errors } = await e2e.open(WIDE);
  await signIn(page, e2e.app);
  const client = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };
  const bill = journeyBill(taxInvoice);

  await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
  await fillHeader(page, taxInvoice, { ...bill.header, ...client });
  await fillLines(page, taxInvoice, bill.lines);
  await saveWithPdf(page, SAVE, SAVE_CONFIRM, taxInvoice);

  await pickClient(page, 'kave', client.clientname);
  await page.screenshot({ path: `/tmp/w16/picked-${WIDE.width}.png` });
  await expect.poll(() => addressInput(page).inputValue()).toBe(client.clientaddress);
  expect(await gstinInput(page).inputValue()).toBe(client.gstno);
  await expect.poll(() => page.getByText('State: Karnataka').count()).toBe(1);
  await fillLines(page, taxInvoice, bill.lines);
  const second = await saveWithPdf(page, SAVE, SAVE_CONFIRM, taxInvoice);
  expect(second.text).toContain(client.gstno);
  expect(second.text).toContain(client.clientaddress);
  expect(errors).toEqual([]);
});

it('the Clients screen edits a client and the next bill picks up the change (1024px)', async () => {
  const api = await apiSession(e2e.app);
  const client = { clientname: 'Nandi Road Carriers', clientaddress: 'Old address, Mysuru 570001', gstno: '29AAGCB7383J1Z4' };
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 101, ...client }));
  const { page, errors } = await e2e.open(NARROW);
  await signIn(page, e2e.app);

  const row = await openClients(page, 'nandi');
  await row.getByRole('button', { name: `Edit ${client.clientname}` }).click();
  const form = page.getByRole('form', { name: `Edit Client: ${client.clientname}` });
  await form.getByLabel('Client Company Address').fill('Plot 12, KIADB, Mysuru 570018');
  await form.getByLabel('Phone').fill('+91 821 240 1234');
  await page.screenshot({ path: `/tmp/w16/clients-edit-${NARROW.width}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save Client' }).click();
  await page.getByText(`Client "${client.clientname}" saved.`).waitFor();
  await expect.poll(() => row.textContent()).toContain('Plot 12, KIADB, Mysuru 570018');
  expect(await row.textContent()).toContain('+91 821 240 1234');
  await page.screenshot({ path: `/tmp/w16/clients-list-${NARROW.width}.png` });

  await pickClient(page, 'nand', client.clientname);
  await expect.poll(() => addressInput(page).inputValue()).toBe('Plot 12, KIADB, Mysuru 570018');
  expect(await gstinInput(page).inputValue()).toBe(client.gstno);
  expect(errors).toEqual([]);
});

it('the Clients screen adds a client with the bill checks, refuses a taken name, lists its bills and deletes it after a confirmation (1366px)', async () => {
  const api = await apiSession(e2e.app);
  const billed = { clientname: 'Cauvery Diesel Works', clientaddress: 'Mandya 571401', gstno: '33AAPFU0939F1Z2' };
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 201, ...billed }));
  const { page, errors } = await e2e.open(WIDE);
  await signIn(page, e2e.app);
  await openClients(page, 'cauvery');

  await page.getByRole('button', { name: 'Add Client', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add Client' });
  await form.getByLabel('Client Company Name').fill('Hemavati Pumps');
  await form.getByLabel('Client Company Address').fill('Hassan 573201');
  await form.getByLabel('Client GSTIN/UIN').fill('29AAGCB7383J1Z5');
  await form.getByRole('button', { name: 'Save Client' }).click();
  await page.getByRole('alert').filter({ hasText: 'Client GSTIN 29AAGCB7383J1Z5 is not valid: please check it.' }).waitFor();
  await form.getByLabel('Client GSTIN/UIN').fill('29AAGCB7383J1Z4');
  await form.getByText('State Name: Karnataka, Code: 29').waitFor();
  await page.screenshot({ path: `/tmp/w16/clients-add-${WIDE.width}.png` });
  await form.getByRole('button', { name: 'Save Client' }).click();
  await page.getByText('Client "Hemavati Pumps" saved.').waitFor();

  await page.getByRole('button', { name: 'Add Client', exact: true }).click();
  await form.getByLabel('Client Company Name').fill('cauvery diesel works');
  await form.getByLabel('Client Company Address').fill('Somewhere else');
  await form.getByRole('button', { name: 'Save Client' }).click();
  await page.getByRole('alert').filter({ hasText: 'A client named "cauvery diesel works" already exists.' }).waitFor();
  await form.getByRole('button', { name: 'Cancel' }).click();

  const row = page.locator('.client-table tbody tr').filter({ hasText: billed.clientname });
  await row.getByRole('button', { name: `Bills of ${billed.clientname}` }).click();
  const bills = page.getByRole('region', { name: `Bills of ${billed.clientname}` });
  const open = bills.getByRole('link', { name: `Open ${taxInvoice.menuLabel} No. 201` });
  await open.waitFor();
  await page.screenshot({ path: `/tmp/w16/clients-bills-${WIDE.width}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Delete ${billed.clientname}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete Client ${billed.clientname}` });
  await confirm.waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText(`Client "${billed.clientname}" deleted.`).waitFor();
  await expect.poll(() => page.locator('.client-table tbody tr').count()).toBe(0);

  // The bill keeps its own copy of the client's details.
  await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}/201`);
  await expect.poll(() => nameInput(page).inputValue()).toBe(billed.clientname);
  expect(await gstinInput(page).inputValue()).toBe(billed.gstno);
  expect(errors).toEqual([]);
});
