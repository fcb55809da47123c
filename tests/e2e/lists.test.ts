import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BillType } from '../../src/engine/core';
import { hasEInvoice } from '../../src/engine/core/e-invoice';
import { hasEwayBill } from '../../src/engine/core/eway-bill';
import { standsAlone, validPayload } from '../fixtures/payloads';
import { apiSession, downloadedBytes, pdfNameOf, PHONE, printedAs, registry, signIn, TABLET, useBrowserApp, type ApiSession } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;

/** The types whose bills stand alone; a credit or debit note needs a stored bill to correct (tests/api/credit-debit-notes.test.ts). */
const listedTypes = registry.billTypes.filter(standsAlone);

const e2e = useBrowserApp();
let api: ApiSession;

const listPath = (b: BillType) => `/${b.unit}/view/${b.route}`;
const clientOf = (b: BillType, billno: number) => `${b.menuLabel} Client ${billno}`;

interface ListRow {
  billno: number;
  clientname: string;
}

async function storedList(billType: BillType): Promise<ListRow[]> {
  return (await api.postJson<{ bill: ListRow[] }>('/api/common/getbill', { billtype: billType.type })).bill;
}

/** The Bill No. column of the rows on screen, once the list has loaded. */
async function shownBillNumbers(page: Page): Promise<string[]> {
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  return page.locator('tbody td.col-billno').allTextContents();
}

beforeAll(async () => {
  api = await apiSession(e2e.app);
  for (const billType of listedTypes) {
    for (const billno of [1, 2, 3]) {
      await api.saveBill(billType, validPayload(billType, 2, { invoiceno: billno, clientname: clientOf(billType, billno) }));
    }
  }
});

/**
 * One page visit per type (a sign-in each was most of this file's time): the list, then View on bill 1, then Delete
 * of bill 3, in the order an operator would.
 */
describe.each(listedTypes.map((b) => [b.type, b] as const))('%s list in Chromium (spec 2, issue 6)', (_type, billType) => {
  it('shows the bills newest first with the spec columns; View downloads and shows the PDF; Delete asks, then removes the row', async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app, listPath(billType));

    // The bills created over the API, newest first, with the spec columns and row buttons.
    expect(await shownBillNumbers(page)).toEqual([3, 2, 1].map((n) => printedAs(billType, n)));
    // A document without prices (x-bill.priced false) has no Amount column; a sales bill shows its Balance (issue 29).
    // A type with portal files (issue 33: e-way bill, e-invoice) has a Select checkbox column first.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      ...(hasEwayBill(billType) || hasEInvoice(billType) ? ['Select'] : []),
      'Bill No.', 'Date', 'Client Company Name', ...(billType.priced ? ['Amount'] : []), ...(billType.countsAsSales ? ['Balance'] : []),
      'Edit Bill', 'View Bill', 'Send Bill', 'Delete Bill',
    ]);
    const second = page.getByRole('row', { name: new RegExp(clientOf(billType, 2)) });
    const date = String(validPayload(billType)[billType.roles.billDate.name]);
    expect(await second.locator('td.card-value').nth(1).textContent()).toBe(date.split('-').reverse().join('-'));
    expect(await second.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`${listPath(billType)}/2`);
    expect(await second.getByRole('button', { name: 'View' }).count()).toBe(1);

    // View downloads {billno}-{clientname}.pdf and opens "View PDF Bill" with the PDF inline.
    const first = page.getByRole('row', { name: new RegExp(clientOf(billType, 1)) });
    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: 'View' }).click()]);
    expect(download.suggestedFilename()).toBe(pdfNameOf(billType, 1, clientOf(billType, 1)));
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    const viewer = page.getByRole('dialog', { name: 'View PDF Bill' });
    await viewer.waitFor();
    expect(await viewer.locator('object[type="application/pdf"]').getAttribute('data')).toMatch(/^blob:/);
    const [again] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });

    // Delete asks "Delete Bill No. {n}", then removes the row and shows the server msg; a type whose delete is a
    // cancel says so (issue 50: cancelled-bills.test.ts).
    const [verb, done] = billType.cancelsOnDelete ? ['Cancel', 'cancelled'] : ['Delete', 'deleted'];
    const third = page.getByRole('row', { name: new RegExp(clientOf(billType, 3)) });
    await third.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `${verb} Bill No. 3` });
    await confirm.getByRole('button', { name: billType.cancelsOnDelete ? 'Cancel Bill' : 'Delete', exact: true }).click();
    await page.getByRole('status').getByText(`Bill No. 3 ${done}`).waitFor();
    await third.waitFor({ state: 'detached' });
    expect(await shownBillNumbers(page)).toEqual([2, 1].map((n) => printedAs(billType, n)));
    expect((await storedList(billType)).map((bill) => bill.billno)).toEqual([2, 1]);
    expect(errors).toEqual([]);
  });
});

describe('a long list: server-side sort, search and pages', () => {
  const invoice = registry.byType('invoice')!;
  const names = ['Zenith Pumps', 'alpha Motors', 'Bharat Diesel'];

  beforeAll(async () => {
    for (let billno = 4; billno <= 60; billno++) {
      await api.saveBill(invoice, validPayload(invoice, 1, { invoiceno: billno, clientname: `${names[billno % 3]} ${billno}` }));
    }
  });

  it('pages 25 at a time, sorts by a column, and searches by client name or bill number', async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app, listPath(invoice));
    const total = (await storedList(invoice)).length;
    expect(await shownBillNumbers(page)).toHaveLength(25);
    await page.getByText(`1–25 of ${total} · Page 1 of ${Math.ceil(total / 25)}`).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`26–50 of ${total}`).waitFor();
    // The page's range shows with the click; its rows come with the server's answer.
    await expect.poll(async () => (await shownBillNumbers(page))[0]).toBe(String(60 - 25));

    await page.getByRole('button', { name: 'Client Company Name' }).click();
    await page.getByText(`1–25 of ${total}`).waitFor();
    const firstName = () => page.locator('tbody td.col-clientname').first().textContent();
    await expect.poll(firstName).toMatch(/^alpha Motors/);
    expect(await page.getByRole('columnheader', { name: 'Client Company Name' }).getAttribute('aria-sort')).toBe('ascending');

    await page.getByLabel('Search').fill('bharat');
    await page.getByText(/^1–19 of 19 /).waitFor();
    await expect.poll(async () => (await page.locator('tbody td.col-clientname').allTextContents()).every((n) => n.startsWith('Bharat Diesel'))).toBe(true);

    await page.getByLabel('Search').fill('42');
    await page.getByText(/^1–1 of 1 /).waitFor();
    await expect.poll(() => shownBillNumbers(page)).toEqual(['42']);

    await page.getByLabel('Search').fill('nobody at all');
    await page.getByText('No bills match “nobody at all”.').waitFor();
    expect(errors).toEqual([]);
  });

  it('an empty list says so and offers to create the first bill', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app);
    const empty = registry.byType('taxservicequotation')!;
    for (const bill of await storedList(empty)) {
      await api.postJson('/api/common/deletebill', { billtype: empty.type, billno: bill.billno });
    }
    await page.goto(listPath(empty));
    await page.getByText(`No ${empty.menuLabel} saved yet.`).waitFor();
    await page.getByRole('link', { name: `Create ${empty.menuLabel}` }).click();
    await page.waitForURL((url) => url.pathname === `/${empty.unit}/${empty.route}`);
  });

  it('fits a tablet: the page does not scroll sideways', async () => {
    const { page } = await e2e.open(TABLET);
    await signIn(page, e2e.app, listPath(invoice));
    await shownBillNumbers(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
  });

  it('fits a phone: each bill a card with its figures and actions, 44×44 targets, sorted from a menu', async () => {
    const { page, errors } = await e2e.open(PHONE);
    await signIn(page, e2e.app, listPath(invoice));
    const cards = page.locator('tbody tr');
    await cards.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // A card reads as label and value: "Bill No. 60", "Amount ₹ ...", then its actions.
    const first = cards.first();
    for (const label of ['Bill No.', 'Date', 'Client Company Name', 'Amount', 'Balance']) {
      expect(await first.locator(`td[data-label="${label}"]`).evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(`"${label}"`);
    }
    for (const action of ['Edit', 'View', 'Send by e-mail', 'Share', 'Delete']) {
      const box = (await first.getByRole(action === 'Edit' ? 'link' : 'button', { name: action, exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    for (const input of await page.locator('.list-page input, .list-page select').all()) {
      expect(await input.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
    }
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/list-cards-390.png` });
      await first.screenshot({ path: `${SHOTS}/list-card-390.png` });
    }
    await page.getByLabel('Sort by').selectOption({ label: 'Client Company Name, ascending' });
    await expect.poll(() => first.locator('td.col-clientname').textContent()).toMatch(/^alpha Motors/);
    expect(errors).toEqual([]);
  });
});
