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

const env = useBrowserApp();
