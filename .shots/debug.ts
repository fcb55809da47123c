import { launchChromium, openAppPage, signIn, startApp, apiSession, registry } from '../tests/e2e/support';
import { validPayload } from '../tests/fixtures/payloads';
const app = await startApp();
const browser = await launchChromium();
try {
  const api = await apiSession(app);
  const t = registry.byType('taxinvoice')!;
  const big = { goods: 'Fuel injection pump with a very long name', hsn: '84099990', taxrate: '0.25', qty: '1', rate: '10000000', per: 'set', amount: '10000000.00' };
  await api.saveBill(t, validPayload(t, 3, { invoiceno: 900, product: [1, 2, 3].map((srno) => ({ srno, ...big })) }));
  const { page } = await openAppPage(browser, app, { width: 1024, height: 768 });
  await signIn(page, app);
  await page.goto(`/${t.unit}/view/${t.route}/900`);
  await page.getByRole('region', { name: 'Bill totals' }).waitFor();
  const goods = page.getByLabel('Description of Goods, Sr. No. 2', { exact: true });
  await goods.focus();
  console.log(await goods.evaluate((el: HTMLInputElement) => ({ focused: document.activeElement === el, hasFocus: document.hasFocus(), pos: getComputedStyle(el).position, fs: getComputedStyle(el).getPropertyValue('field-sizing'), sw: el.scrollWidth, cw: el.clientWidth })));
  console.log(await page.evaluate(() => [...document.querySelectorAll('.bill-grid thead th')].map((th) => `${th.className.replace(/bill-grid__head--?/g, '')}=${Math.round(th.getBoundingClientRect().width)} css=${getComputedStyle(th).width}`)));
  console.log(await page.evaluate(() => ({ table: document.querySelector('.bill-grid')!.getBoundingClientRect().width, btn: document.querySelector('.bill-grid__action button')!.getBoundingClientRect().width })));
  await page.screenshot({ path: '/tmp/h15shots/debug-1024.png' });
} finally {
  await browser.close();
  await app.stop();
}
