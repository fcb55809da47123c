import { apiSession, launchChromium, openAppPage, registry, signIn, startApp } from '../tests/e2e/support';
import { validPayload } from '../tests/fixtures/payloads';
import { fillHeader, fillLines } from '../tests/e2e/journeys/support/bill-form';

/** Screens touched by issues 43 and 52, at the three sizes the guide names. `npx tsx .shots/wave4.ts` */
const out = '/tmp/shots43';
const app = await startApp();
const browser = await launchChromium();
try {
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 3, { invoiceno: 1 }));
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }, { width: 390, height: 844, touch: true }]) {
    const { page } = await openAppPage(browser, app, viewport);
    await signIn(page, app);
    const tag = `${viewport.width}`;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
    await page.getByLabel('Client Company Name', { exact: true }).waitFor();
    await page.screenshot({ path: `${out}/create-${tag}.png` });
    // A bad vehicle number refused on Save, with its message.
    await fillHeader(page, taxInvoice, { clientname: 'Kaveri Agro Industries', clientaddress: 'Plot 9, MIDC, Taloja', gstno: '27AAPFU0939F1ZV', transmode: 'Road', vehicleno: 'MH 4 AB#1234' });
    await fillLines(page, taxInvoice, [{ goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: '1', rate: '12500', per: 'no' }]);
    await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
    await page.getByText(/Vehicle No\. must be/).first().waitFor();
    await page.screenshot({ path: `${out}/vehicle-refused-${tag}.png` });
    // The draft offered back after a reload.
    await page.reload();
    await page.getByRole('button', { name: /^Restore unsaved bill/ }).waitFor();
    await page.screenshot({ path: `${out}/draft-offer-${tag}.png` });
    await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}`);
    await page.getByRole('table').or(page.locator('.bill-card').first()).first().waitFor();
    await page.screenshot({ path: `${out}/list-${tag}.png` });
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Products & Services' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/catalogs-${tag}.png` });
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
