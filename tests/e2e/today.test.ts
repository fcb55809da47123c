import { beforeAll, expect, it } from 'vitest';
import { apiSession, registry, signIn, useBrowserApp, type Json } from './support';

/**
 * Issue 50 item 12: the Today screen, where signing in lands once every unit's profile is saved: each unit's sales
 * of the day, the bills due this week and the clients past due, with figures worked out by hand; the unsaved bills
 * kept on this device; and "Copy as new bill" from a bill's edit screen and from its list row.
 */
const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;
const CLIENT = 'Kaveri Agro Industries';
const ADDRESS = 'Hosur Road, Bengaluru 560068';
const SHOTS = process.env.SCREENSHOT_DIR;

const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const daysFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return iso(date);
};
const shown = (day: string) => day.split('-').reverse().join('-');
const line = (goods: string, rupees: number) => ({ srno: 1, goods, qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });
const bill = (billno: number, date: string, goods: string, rupees: number) => ({
  clientname: CLIENT,
  clientaddress: ADDRESS,
  invoiceno: billno,
  date,
  product: [line(goods, rupees)],
});

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  // Set up: every unit's profile saved as the letterhead gives it, so sign-in lands on Today.
  for (const unit of registry.units) {
    const { profile } = await api.postJson<{ profile: Json }>(`/api/${unit.slug}/getprofile`, {});
    const { saved, version, warnings, series, ...fields } = profile;
    void [saved, version, warnings, series];
    await api.postJson(`/api/${unit.slug}/saveprofile`, fields);
  }
  await api.postJson('/api/common/saveclient', { clientname: CLIENT, clientaddress: ADDRESS, creditdays: '30' });
  // 30 days' credit: today's bill falls due in a month, one of 27 days ago in 3 days, one of 40 days ago 10 days ago.
  await api.saveBill(invoice, bill(1, daysFromToday(0), 'Fuel injection pump', 3000));
  await api.saveBill(invoice, bill(2, daysFromToday(-27), 'Nozzle set', 4000));
  await api.saveBill(invoice, bill(3, daysFromToday(-40), 'Gasket kit', 1000));
});

it('signing in lands on Today: the day\'s sales, the bills due this week and who is past due, on a laptop and a phone', async () => {
  const { page, errors } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, '/');
  await page.waitForURL((url) => url.pathname === '/today');
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
  const unit = registry.units.find((candidate) => candidate.slug === invoice.unit)!;
  const card = page.getByRole('article', { name: unit.menuLabel });
  const figure = (term: string) => card.locator('.today-figures > div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd');
  await expect.poll(() => figure('Sales today').textContent()).toBe('₹ 3,000.00 1 bill');
  expect(await figure('Due this week').textContent()).toBe('₹ 4,000.00 1 bill');
  expect(await figure('Overdue').textContent()).toBe('₹ 1,000.00 1 client');
  expect(await card.getByRole('listitem').allTextContents()).toEqual([
    `${invoice.menuLabel} No. 2 · ${CLIENT} · ₹ 4,000.00 due ${shown(daysFromToday(3))}`,
    `${CLIENT} · ₹ 1,000.00 past due since ${shown(daysFromToday(-10))}`,
  ]);
  // Every other unit sold nothing today.
  for (const other of registry.units.filter((candidate) => candidate !== unit)) {
    const otherCard = page.getByRole('article', { name: other.menuLabel });
    expect(await otherCard.locator('.today-figures dd').first().textContent()).toBe('₹ 0.00 0 bills');
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/today-1366.png`, fullPage: true });
  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/today-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  // The due bill opens its edit screen.
  await card.getByRole('link', { name: `${invoice.menuLabel} No. 2` }).click();
  await page.waitForURL((url) => url.pathname === `/${invoice.unit}/view/${invoice.route}/2`);
  expect(errors).toEqual([]);
});

it('an unsaved bill is listed under Drafts to finish and reopens its screen with the draft offered', async () => {
  const { page, errors } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
  const client = page.getByLabel(invoice.roles.clientName.title, { exact: true });
  await client.fill('Zenith Motors');
  // Kept as typed: leaving for Today (the header's title) asks first, and the bill stays on this device.
  await page.getByRole('link', { name: 'Your Bill Section' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL((url) => url.pathname === '/today');
  const drafts = page.getByRole('region', { name: 'Drafts to finish' });
  const kept = drafts.getByRole('listitem');
  await expect.poll(() => kept.count()).toBe(1);
  expect(await kept.first().textContent()).toBe(`new ${invoice.menuLabel} for Zenith Motors · kept ${shown(daysFromToday(0))}`);
  await kept.first().getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/${invoice.unit}/${invoice.route}`);
  await page.getByRole('button', { name: /^Restore/ }).first().waitFor();
  expect(errors).toEqual([]);
});

it('Copy as new bill, from the edit screen and from a list row: the next number, today\'s date, the rest copied', async () => {
  const api = await apiSession(e2e.app);
  const { page, errors } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${invoice.unit}/view/${invoice.route}/3`);
  await page.getByRole('button', { name: 'Copy as new bill' }).click();
  await page.waitForURL((url) => url.pathname === `/${invoice.unit}/${invoice.route}`);
  const number = page.getByLabel(invoice.roles.billNumber.title, { exact: true });
  await expect.poll(() => number.inputValue()).toBe('4');
  expect(await page.getByLabel(invoice.roles.clientName.title, { exact: true }).inputValue()).toBe(CLIENT);
  expect(await page.locator('input[value="Gasket kit"]').count()).toBe(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/copied-1366.png` });
  await page.getByRole('button', { name: 'Save And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  await page.getByRole('dialog', { name: 'PDF Generated' }).waitFor();
  const { bill: copy } = await api.postJson<{ bill: Json }>(`/api/${invoice.unit}/getbill`, { billtype: invoice.type, billno: 4 });
  expect(copy).toMatchObject({ clientname: CLIENT, clientaddress: ADDRESS, date: daysFromToday(0) });
  expect((copy.product as Json[]).map((row) => [row.goods, Number(row.qty), Number(row.rate), Number(row.amount)])).toEqual([['Gasket kit', 1, 1000, 1000]]);

  // From the list: the row's Copy, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${invoice.unit}/view/${invoice.route}`);
  await page.getByRole('button', { name: 'Copy as new bill' }).first().waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-copy-390.png` });
  const second = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: 'Edit' }) }).filter({ hasText: shown(daysFromToday(-27)) });
  await second.getByRole('button', { name: 'Copy as new bill' }).click();
  await page.waitForURL((url) => url.pathname === `/${invoice.unit}/${invoice.route}`);
  await expect.poll(() => number.inputValue()).toBe('5');
  expect(await page.locator('input[value="Nozzle set"]').count()).toBe(1);
  expect(errors).toEqual([]);
});
