import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createRoute, editRoute } from '../../src/app/paths';
import { localIsoDay } from '../../src/engine/core';
import { newPurchaseRoute, purchasesRoute, stockPath, stockRoute } from '../../src/app/stock/stock-paths';
import { validPayload } from '../fixtures/payloads';
import { gstProfile } from '../fixtures/profile';
import { fillHeader } from './journeys/support/bill-form';
import { apiSession, downloadedBytes, PHONE, registry, seriousViolations, signIn, useBrowserApp, type ApiSession } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const env = useBrowserApp();

/** The GST unit's goods sale (a tax invoice: its kind takes stock out) and the list of products it picks from. */
const taxSale = registry.billTypes.find((b) => b.tax && b.countsAsSales && b.lines === 'goods' && b.note === undefined)!;
const unit = registry.units.find((each) => each.slug === taxSale.unit)!;
const DG_SET = 'DG Set 15 kVA';
const FILTER = 'Fuel Filter';
const BUYER = 'Kaveri Agro Industries';
const buyer = { clientname: BUYER, clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };

beforeAll(async () => {
  await (await apiSession(env.app)).postJson('/api/common/saveclient', buyer);
});

const shoot = async (page: Page, name: string) => {
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
};

/** A stocked product's row of the Stock screen, its cells' text in order. */
async function stockRow(page: Page, product: string): Promise<string[]> {
  const row = page.getByRole('table', { name: `Stock of ${unit.menuLabel}` }).getByRole('row').filter({ hasText: product });
  return (await row.locator('td').allTextContents()).map((text) => text.trim());
}

/** A sale of one line of a stocked product saved over the API (selling down what the screens then show). */
async function sellOverApi(api: ApiSession, billno: number, goods: string, qty: number, serials?: string[]) {
  const line = { srno: 1, goods, hsn: '8502', taxrate: '18', qty: String(qty), rate: '300000', per: 'no', amount: String(qty * 300000), ...(serials && { serials }) };
  await api.saveBill(taxSale, validPayload(taxSale, 1, { ...buyer, invoiceno: billno, date: localIsoDay(), product: [line] }));
}

/** Marks a product of the tax products' list stocked on the Products & Services screen. */
async function addStockedProduct(page: Page, product: { name: string; opening: string; reorder: string; serials?: string }) {
  await page.getByRole('button', { name: 'Add to Tax products' }).click();
  const form = page.getByRole('form', { name: 'Add to Tax products' });
  await form.getByLabel('Description of Goods *').fill(product.name);
  await form.getByLabel('HSN', { exact: true }).fill('8502');
  await form.getByLabel('GST %', { exact: true }).fill('18');
  await form.getByLabel('Rate', { exact: true }).fill('300000');
  await form.getByLabel('Per', { exact: true }).selectOption({ label: 'no' });
  await form.getByLabel('Keep stock').check();
  await form.getByLabel('Opening quantity').fill(product.opening);
  await form.getByLabel('Opening date').fill('01-04-2026');
  await form.getByLabel('Reorder level').fill(product.reorder);
  if (product.serials) {
    await form.getByLabel('Serial numbers', { exact: true }).check();
    await form.getByLabel('Opening serial numbers (one per line or comma separated)').fill(product.serials);
  }
  if (product.serials) await shoot(form.page(), 'stock-product-master');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

/** Confirms the bill's save ("Are you sure?") and closes "PDF Generated" once the PDF is downloaded. */
async function saveBill(page: Page, ask?: (page: Page) => Promise<void>) {
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  await ask?.(page);
  await downloaded;
  const saved = page.getByRole('dialog', { name: 'PDF Generated' });
  await saved.getByRole('button', { name: 'Okay' }).click();
  await saved.waitFor({ state: 'detached' });
}

/**
 * Issue 48 on screen: a generator set stocked with 3 engines (ENG-1..3, reorder level 2), a purchase of 2 more
 * (ENG-4, ENG-5), a tax invoice picking ENG-2: the Stock screen shows 3 + 2 - 1 = 4 on hand, then after two more
 * sold, 2 and Low stock; its movements run 3, 5, 4, 3, 2 and ENG-2 shows sold on Tax Invoice 1 to the buyer.
 */
it('stocks a product, buys and sells engines by number, and shows the balance, movements and Low stock', async () => {
  const { app, open } = env;
  const api = await apiSession(app);

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/products');
  await page.getByRole('button', { name: 'Tax products' }).click();
  await addStockedProduct(page, { name: DG_SET, opening: '3', reorder: '2', serials: 'ENG-1\nENG-2, ENG-3' });
  const listed = await fetch(new URL('/api/common/gettaxproduct', app.url), { headers: { authorization: `Bearer ${api.token}` } });
  const entries = ((await listed.json()) as { productList: Array<Record<string, unknown>> }).productList;
  expect(entries.find((entry) => entry.product === DG_SET)).toMatchObject({ stocked: true, serialised: true, openingserials: ['ENG-1', 'ENG-2', 'ENG-3'] });

  await page.goto(new URL(newPurchaseRoute(unit), app.url).toString());
  await page.getByLabel('Supplier *').fill('Kirloskar Oil Engines');
  await page.getByLabel('Supplier GSTIN').fill('27AAPFU0939F1ZV');
  await page.getByLabel('Their bill number *').fill('PB-118');
  // Dated before today's sales, so the movements' order (by date) is the order they happened in.
  await page.getByLabel('Their bill date *').fill('01-11-2026');
  await page.getByLabel('Product 1').fill(DG_SET);
  await page.getByLabel('Quantity 1').fill('2');
  await page.getByLabel('Rate 1').fill('250000');
  await page.getByLabel('GST % 1').fill('18');
  await page.getByLabel('Serial numbers 1 (one per line or comma separated)').fill('ENG-4\nENG-5');
  await page.getByText('Total ₹ 5,90,000.00').waitFor();
  await shoot(page, 'stock-new-purchase');
  await page.getByRole('button', { name: 'Save purchase' }).click();
  const purchases = page.getByRole('table', { name: `Purchases of ${unit.menuLabel}` });
  await purchases.getByText('Kirloskar Oil Engines').waitFor();
  await shoot(page, 'stock-purchases');

  // The sale: the line says what is left, and its engine is picked from those in stock.
  await page.goto(new URL(createRoute(taxSale), app.url).toString());
  await fillHeader(page, taxSale, buyer);
  await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).fill(DG_SET);
  await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).blur();
  await page.getByLabel('QTY, Sr. No. 1', { exact: true }).fill('1');
  await page.getByText('5 Nos left').waitFor();
  await page.getByText('Serial numbers (pick)').click();
  const pieces = page.getByRole('group', { name: 'Serial numbers, Sr. No. 1' });
  await expect.poll(() => pieces.getByRole('checkbox').count()).toBe(5);
  await pieces.getByLabel('ENG-2').check();
  await page.getByText('Serial numbers: ENG-2').waitFor();
  await shoot(page, 'stock-sale-line');
  await saveBill(page);

  await page.goto(new URL(stockRoute(unit), app.url).toString());
  await expect.poll(() => stockRow(page, DG_SET)).toEqual([DG_SET, '4', 'Nos', '2', expect.stringContaining('₹'), expect.stringContaining('₹')]);

  await sellOverApi(api, 2, DG_SET, 1, ['ENG-3']);
  await sellOverApi(api, 3, DG_SET, 1, ['ENG-4']);
  await page.reload();
  await expect.poll(() => stockRow(page, DG_SET)).toEqual([DG_SET, 'Low stock 2', 'Nos', '2', expect.stringContaining('₹'), expect.stringContaining('₹')]);

  await page.getByRole('button', { name: `Movements of ${DG_SET}` }).click();
  const moves = page.getByRole('table', { name: `Movements of ${DG_SET}` });
  await moves.getByRole('row').nth(5).waitFor();
  const balances = await moves.locator('tbody tr td:last-child').allTextContents();
  expect(balances.map((text) => text.trim())).toEqual(['3', '5', '4', '3', '2']);
  // Each sale names its bill, a link to its edit screen.
  await moves.locator(`a[href="${editRoute(taxSale, 1)}"]`).waitFor();
  const serials = page.getByRole('table', { name: `Serial numbers of ${DG_SET}` });
  const sold = serials.getByRole('row').filter({ hasText: 'ENG-2' });
  await sold.getByText('Sold', { exact: true }).waitFor();
  await sold.getByText(`to ${BUYER}`, { exact: false }).waitFor();
  await sold.getByRole('link', { name: `${taxSale.menuLabel} 1` }).waitFor();
  expect(await serials.getByRole('row').filter({ hasText: 'In stock' }).count()).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'stock-screen');

  // An engine destroyed in a fire goes out as a Rule 56(2) adjustment, picked from those in stock.
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const adjust = page.getByRole('form', { name: 'Adjust stock' });
  await adjust.getByLabel('Product').selectOption(DG_SET);
  await adjust.getByLabel('Reason').selectOption({ label: 'Destroyed' });
  await adjust.getByRole('group', { name: 'Serial numbers' }).getByLabel('ENG-1').check();
  await adjust.getByLabel('Note').fill('Burnt in the godown fire');
  await shoot(page, 'stock-adjust');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await adjust.waitFor({ state: 'detached' });
  await expect.poll(() => stockRow(page, DG_SET)).toEqual([DG_SET, 'Low stock 1', 'Nos', '2', expect.stringContaining('₹'), expect.stringContaining('₹')]);

  // The Rule 56(2) register of the period, as CSV.
  await page.getByRole('button', { name: 'Stock register' }).click();
  const [register] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = (await downloadedBytes(register)).toString('utf8');
  expect(csv).toContain('Destroyed');
  expect(csv).toContain(DG_SET);

  // On a phone the rows are cards: the balance, its badge and the sold engine's invoice and buyer still read.
  await page.setViewportSize(PHONE);
  await page.getByText('Low stock', { exact: true }).first().waitFor();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await sold.getByText(`to ${BUYER}`, { exact: false }).waitFor();

  // The invoice's edit screen: its own engine is still its own (1 in stock + its 1 = 2 left), picked as saved.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(new URL(editRoute(taxSale, 1), app.url).toString());
  await page.getByText('2 Nos left').waitFor();
  await page.getByText('Serial numbers: ENG-2').waitFor();

  // The purchase brought ENG-4, which is sold: deleting it is refused in the server's words, and it stays.
  await page.goto(new URL(purchasesRoute(unit), app.url).toString());
  await page.getByRole('button', { name: 'Delete purchase PB-118' }).click();
  await page.getByRole('dialog', { name: 'Delete purchase' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alert').filter({ hasText: 'ENG-4' }).waitFor();
  await page.getByRole('table', { name: `Purchases of ${unit.menuLabel}` }).getByText('PB-118').waitFor();
  expect(errors).toEqual([]);
});

/**
 * A filter saved before is marked stocked (1 on hand) by editing it. The unit's default oversell setting asks: a sale
 * of 3 says so on its line, the server's question is shown, and Save anyway saves it (the bill is re-sent confirmed).
 */
it('warns on a line selling more than is left and saves it once the operator confirms the server\'s question', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  await api.postJson('/api/common/savetaxproduct', { product: FILTER, hsn: '8421', taxrate: '18', rate: '450', per: 'no' });

  // A product saved before (by a bill) is marked stocked by editing it.
  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/products');
  await page.getByRole('button', { name: 'Tax products' }).click();
  await page.getByRole('button', { name: `Edit ${FILTER}` }).click();
  const form = page.getByRole('form', { name: `Edit: ${FILTER}` });
  await form.getByLabel('Keep stock').check();
  await form.getByLabel('Opening quantity').fill('1');
  await form.getByLabel('Reorder level').fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });

  await page.goto(new URL(createRoute(taxSale), app.url).toString());
  await fillHeader(page, taxSale, buyer);
  await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).fill(FILTER);
  await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).blur();
  await page.getByLabel('QTY, Sr. No. 1', { exact: true }).fill('3');
  await page.getByText('Only 1 Nos left').waitFor();
  await saveBill(page, async () => {
    const ask = page.getByRole('dialog', { name: 'Not enough in stock' });
    await ask.getByText(FILTER, { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Save anyway' }).click();
  });
  const stock = (await api.postJson<{ stock: Array<{ product: string; qty: number | string }> }>(stockPath('getstock'), { unit: unit.slug })).stock;
  expect(Number(stock.find((row) => row.product === FILTER)?.qty)).toBe(-2);
  expect(errors).toEqual([]);
});

/**
 * The unit's setting decides a sale beyond stock: "refuse" shows the server's msg (what is left) and saves nothing;
 * "allow" saves and says what went short.
 */
it('by the unit\'s oversell setting, shows a refusal\'s msg or saves and says what went short', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const NOZZLE = 'Injector Nozzle';
  await api.postJson('/api/common/savetaxproduct', {
    product: NOZZLE, hsn: '8413', taxrate: '18', rate: '1200', per: 'no', stocked: true, openingqty: '2', openingdate: '2026-04-01', reorderlevel: '1', serialised: false,
  });
  const sellThree = async (page: Page) => {
    await page.goto(new URL(createRoute(taxSale), app.url).toString());
    await fillHeader(page, taxSale, buyer);
    await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).fill(NOZZLE);
    await page.getByLabel('Description of Goods, Sr. No. 1', { exact: true }).blur();
    await page.getByLabel('QTY, Sr. No. 1', { exact: true }).fill('3');
    await page.getByText('Only 2 Nos left').waitFor();
  };
  const onHand = async () =>
    Number((await api.postJson<{ stock: Array<{ product: string; qty: number | string }> }>(stockPath('getstock'), { unit: unit.slug })).stock.find((row) => row.product === NOZZLE)?.qty);

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/products');
  await api.postJson(`/api/${unit.slug}/saveprofile`, { ...gstProfile(), oversell: 'refuse' });
  await sellThree(page);
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  await page.getByRole('alert').filter({ hasText: `Only 2 Nos of ${NOZZLE} left in stock.` }).waitFor();
  expect(await onHand()).toBe(2);

  await api.postJson(`/api/${unit.slug}/saveprofile`, { ...gstProfile(), oversell: 'allow' });
  await sellThree(page);
  await saveBill(page);
  await page.getByText(`Sold more than in stock: ${NOZZLE} (3 sold, 2 was left).`).waitFor();
  expect(await onHand()).toBe(-1);
  expect(errors).toEqual([]);
});
