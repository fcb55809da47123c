import { launchChromium, openAppPage, signIn, startApp, apiSession, registry } from '../tests/e2e/support';
import { validPayload } from '../tests/fixtures/payloads';

const out = '/tmp/h15shots';
const which = process.argv[2] ?? 'all';
const app = await startApp();
const browser = await launchChromium();
try {
  const api = await apiSession(app);
  for (const [name, hsn, taxrate] of [['Nozzle', '8413', 18], ['Injector nozzle set', '84099990', 28], ['Fuel pump', '8413', 12]] as const) {
    await api.postJson('/api/common/savetaxproduct', { product: name, hsn, taxrate });
  }
  const taxInvoice = registry.byType('taxinvoice')!;
  const service = registry.byType('service')!;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 3, { invoiceno: 1 }));
  await api.saveBill(service, validPayload(service, 2, { invoiceno: 1 }));
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    const { page } = await openAppPage(browser, app, viewport);
    await signIn(page, app);
    const tag = `${viewport.width}`;
    const screens: Array<[string, string]> = [
      ['taxinvoice-create', `/${taxInvoice.unit}/${taxInvoice.route}`],
      ['taxinvoice-edit', `/${taxInvoice.unit}/view/${taxInvoice.route}/1`],
      ['service-create', `/${service.unit}/${service.route}`],
      ['service-edit', `/${service.unit}/view/${service.route}/1`],
    ];
    for (const [name, path] of screens) {
      if (which !== 'all' && !name.includes(which)) continue;
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/${name}-${tag}.png` });
      await page.screenshot({ path: `${out}/${name}-${tag}-full.png`, fullPage: true });
      if (name === 'taxinvoice-create') {
        const goods = page.getByLabel('Description of Goods, Sr. No. 1', { exact: true });
        await goods.click();
        await page.keyboard.type('noz');
        await page.keyboard.press('ArrowDown');
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${out}/${name}-combobox-${tag}.png` });
        await page.keyboard.press('Escape');
      }
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
