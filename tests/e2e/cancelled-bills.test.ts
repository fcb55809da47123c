import { expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** Issue 28: a deleted tax invoice is cancelled: "Show cancelled" lists it marked CANCELLED, and Restore brings it back. */
it('shows a cancelled tax invoice on asking and restores it from the list', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 1, clientname: 'Kept Transport' }));
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 2, clientname: 'Cancelled Transport' }));
  await api.postJson('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 });

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/view/taxinvoicebill');
  await page.getByRole('cell', { name: 'Kept Transport' }).waitFor();
  expect(await page.getByText('Cancelled Transport').count()).toBe(0);

  await page.getByRole('checkbox', { name: 'Show cancelled' }).check();
  const row = page.getByRole('row').filter({ hasText: 'Cancelled Transport' });
  await row.getByText('CANCELLED', { exact: true }).waitFor();
  expect(await row.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/cancelled-list-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await row.getByRole('button', { name: 'Restore' }).click();
  await page.getByText('Bill No. 2 restored').waitFor();
  await page.getByRole('row').filter({ hasText: 'Cancelled Transport' }).getByRole('button', { name: 'Delete' }).waitFor();
  const listed = await api.postJson<{ bill: { billno: number }[] }>('/api/common/getbill', { billtype: 'taxinvoice' });
  expect(listed.bill.map((b) => b.billno)).toEqual([2, 1]);
  expect(errors).toEqual([]);
});

/** Issue 50: the list's Delete of a type whose delete is a cancel asks "Cancel Bill No. {n}" and says it is cancelled. */
it.each([
  [VIEWPORTS[0], 3],
  [VIEWPORTS[2], 4],
])('cancelling a tax invoice from the list says cancel at %o', async (viewport, billno) => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  const clientname = `Cancelling Transport ${billno}`;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: billno, clientname }));

  const { page, errors } = await open(viewport);
  await signIn(page, app, '/gst/view/taxinvoicebill');
  const row = page.getByRole('row').filter({ hasText: clientname });
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel Bill No. ${billno}` });
  await dialog.getByText(`You want to cancel the bill of ${clientname}?`, { exact: false }).waitFor();
  expect(await dialog.getByRole('button').allTextContents()).toEqual(['Keep Bill', 'Cancel Bill']);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cancel-dialog-${viewport.width}.png` });
  await dialog.getByRole('button', { name: 'Cancel Bill', exact: true }).click();
  await page.getByRole('status').getByText(`Bill No. ${billno} cancelled`, { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  const listed = await api.postJson<{ bill: { billno: number; cancelled?: boolean }[] }>('/api/common/getbill', { billtype: 'taxinvoice', cancelled: true });
  expect(listed.bill.find((bill) => bill.billno === billno)?.cancelled).toBe(true);
  expect(errors).toEqual([]);
});

const env = useBrowserApp();
