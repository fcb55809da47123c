import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatIndian, GST_STATES } from '../../src/engine/core';
import { editRoute } from '../../src/app/paths';
import { CLIENTS_PATH, REPORTS_PATH } from '../../src/app/layout/header-links';
import { validPayload } from '../fixtures/payloads';
import { apiSession, PHONE, registry, signIn, useBrowserApp, type ApiSession } from './support';

/**
 * Issue 50 item 11, the small things, at 1366x768 and on a phone. Figures worked out by hand (seller and buyer in
 * Maharashtra, 18%): Tax Invoice No. 1 of 21-11-2026 is 4 no x 2,500 = 10,000.00 + CGST 900 + SGST 900 = 11,800.00;
 * R/1 puts 5,000.00 on it; Credit Note No. 1 takes back 1 no: 2,500.00 + 225 + 225 = 2,950.00. The bill is then worth
 * 11,800 - 2,950 = 8,850.00, of which 5,000.00 is paid and 3,850.00 owed.
 */
const e2e = useBrowserApp();
const SHOTS = process.env.SCREENSHOT_DIR;
const WIDE = { width: 1366, height: 768 };
const VIEWPORTS = [WIDE, PHONE];
const taxInvoice = registry.byType('taxinvoice')!;
const invoice = registry.byType('invoice')!;
const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const OTHER = 'Kaveri Agro Industries';
const pumps = (qty: number) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty: String(qty), rate: '2500', per: 'no', amount: `${qty * 2500}.00` }];

let arranged: Promise<ApiSession> | undefined;

/** The part-paid, credited tax invoice and another unit's unpaid bill, once for the file. */
function arrange(): Promise<ApiSession> {
  arranged ??= (async () => {
    const api = await apiSession(e2e.app);
    await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 1, ...BUYER, date: '2026-11-21', product: pumps(4) }));
    await api.postJson(`/api/${taxInvoice.unit}/savepayment`, {
      clientname: BUYER.clientname, date: '2026-11-22', amount: 5000, mode: 'upi', allocations: [{ billtype: 'taxinvoice', billno: 1, fy: '2026-27', amount: 5000 }],
    });
    const note = await api.post('/api/gst/createtaxbill', {
      method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-11-25', reason: 'Sales Return', clientname: BUYER.clientname, clientaddress: '', gstno: '',
      placeofsupply: '27', against: { billtype: 'taxinvoice', billno: 1 }, product: pumps(1),
    });
    expect(note.status, await note.text()).toBe(200);
    await api.saveBill(invoice, validPayload(invoice, 1, { invoiceno: 1, clientname: OTHER }));
    return api;
  })();
  return arranged;
}

async function shoot(page: Page, name: string, width: number) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

it('the Clients screen shows what each client owes, per unit, notes and payments counted', async () => {
  const api = await arrange();
  const [other] = (await api.postJson<{ bill: { grandtotal: number }[] }>('/api/common/getbill', { billtype: 'invoice', limit: 10 })).bill;
  for (const viewport of VIEWPORTS) {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, CLIENTS_PATH);
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const row = (name: string) => page.locator('.client-table tbody tr').filter({ hasText: name });
    await expect.poll(() => row(BUYER.clientname).locator('.client-balance').innerText()).toBe('GST ₹ 3,850.00');
    expect(await row(OTHER).locator('.client-balance').innerText()).toBe(`Alfa Diesel ₹ ${formatIndian(other.grandtotal.toFixed(2))}`);
    await shoot(page, 'clients-balance', viewport.width);
    expect(errors).toEqual([]);
  }
});

it('the edit screen\'s Paid line counts the credit note: paid 5,000.00 of 8,850.00', async () => {
  await arrange();
  for (const viewport of VIEWPORTS) {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, editRoute(taxInvoice, 1));
    await page.getByText('Paid ₹5,000.00 of ₹8,850.00 after notes (receipt R/1 on 22-11-2026)').waitFor();
    await shoot(page, 'paid-after-notes', viewport.width);
    expect(errors).toEqual([]);
  }
});

it('Place of Supply lists the states in code order 01-38 then 97, 99, and the GST % cell takes "18%"', async () => {
  const b2c = registry.byType('b2cinvoice')!;
  for (const viewport of VIEWPORTS) {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, `/${b2c.unit}/${b2c.route}`);
    const place = page.getByLabel('Place of Supply', { exact: true });
    await place.waitFor();
    // "Karnataka (29)": the code each option names.
    const labels = await place.locator('option').allTextContents();
    const codes = labels.flatMap((label) => /\((\d{2})\)$/.exec(label)?.[1] ?? []);
    expect(codes.length).toBe(Object.keys(GST_STATES).length);
    expect(codes[0]).toBe('01');
    expect(codes.slice(-3)).toEqual(['38', '97', '99']);
    expect(codes).toEqual([...codes].sort());

    await page.goto(`/${taxInvoice.unit}/${taxInvoice.route}`);
    const rate = page.getByLabel('GST %, Sr. No. 1', { exact: true });
    await rate.click();
    await rate.pressSequentially('18%');
    expect(await rate.inputValue()).toBe('18');
    await shoot(page, 'gst-percent', viewport.width);
    expect(errors).toEqual([]);
  }
});

it('Reports opens on the unit the operator used last', async () => {
  for (const viewport of VIEWPORTS) {
    const { page, errors } = await e2e.open(viewport);
    await signIn(page, e2e.app, REPORTS_PATH);
    const unit = page.getByRole('combobox', { name: 'Unit', exact: true });
    await unit.selectOption('gst');
    await page.reload();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(await unit.inputValue()).toBe('gst');
    await shoot(page, 'reports-unit', viewport.width);
    await unit.selectOption('alfadiesel');
    await page.reload();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(await unit.inputValue()).toBe('alfadiesel');
    expect(errors).toEqual([]);
  }
});
