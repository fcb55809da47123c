import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { validPayload } from '../fixtures/payloads';
import { pdfText, squash } from '../pdf/pdf-tools';
import { localIsoDay } from '../../src/engine/core';
import { listRoute } from '../../src/app/paths';
import { apiSession, downloadedBytes, registry, signIn, useBrowserApp } from './support';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { CONFIRM_BUTTON, SAVED_TITLE } from './journeys/support/screens';

const SHOTS = process.env.SCREENSHOT_DIR;
const KAVERI = 'Kaveri Agro Industries';
const BHARAT = 'Bharat Roadways';
const invoice = registry.byType('invoice')!;
const row = (rupees: number) => ({ srno: 1, goods: 'Fuel injection pump', qty: '1', rate: String(rupees), per: 'per', amount: String(rupees) });

const env = useBrowserApp();

/** wa.me is never reached: the browser's request to it is answered here, and the tab that opened it is returned. */
async function whatsAppTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForURL(/^https:\/\/wa\.me\//);
  return tab;
}

/**
 * Issues 29 and 32 on screen: the Receivables screen's figures as worked out by hand, a client's statement PDF, a
 * WhatsApp reminder and a bill shared from its list row where the browser cannot share files (wa.me + the PDF).
 */
it('shows receivables, downloads a statement, reminds on WhatsApp and shares a bill by wa.me with its PDF', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  await api.postJson('/api/common/saveclient', { clientname: KAVERI, clientaddress: 'Hosur Road, Bengaluru', phone: '98200 12345', creditdays: '' });
  await api.postJson('/api/common/saveclient', { clientname: BHARAT, clientaddress: 'Peenya, Bengaluru', phone: '', creditdays: '45' });
  const bills: [number, string, string, number][] = [
    [81, KAVERI, '2026-09-01', 10000],
    [82, KAVERI, '2026-11-15', 5000],
    [83, BHARAT, '2026-11-25', 4000],
    [84, BHARAT, '2026-10-20', 1500],
  ];
  for (const [invoiceno, clientname, date, rupees] of bills) {
    await api.saveBill(invoice, validPayload(invoice, 1, { invoiceno, clientname, date, product: [row(rupees)] }));
  }
  await api.postJson('/api/alfadiesel/savepayment', {
    clientname: KAVERI,
    date: '2026-11-20',
    amount: 2000,
    mode: 'upi',
    allocations: [{ billtype: 'invoice', billno: 82, fy: '2026-27', amount: 2000 }],
  });

  const { page, context, errors } = await open({ width: 1366, height: 768 });
  await signIn(page, app, '/alfadiesel/receivables-ageing');
  await page.getByLabel('As of').fill('2026-12-31');
  // As of 31-12-2026. Kaveri (no credit days): 81 due 01-09, 121 days past due, 10,000 (over 90); 82 due 15-11,
  // 46 days, 5,000 - 2,000 paid = 3,000 (31-60); 13,000 in all. Bharat (45 days): 83 due 09-01-2027, 4,000 not
  // due; 84 due 04-12, 27 days, 1,500 (1-30); 5,500 in all. Most owed first.
  const table = page.getByRole('table');
  await table.getByText('₹ 18,500.00').waitFor();
  const cells = async (locator: ReturnType<Page['locator']>) => (await locator.locator('th, td').allTextContents()).map((text) => text.trim());
  const rows = table.locator('tbody tr');
  // The total is the same as of today: the buckets show when the page as of 31-12 has come (CI once read today's).
  await expect.poll(async () => (await cells(rows.nth(0))).slice(0, 8)).toEqual([KAVERI, '₹ 13,000.00', '₹ 0.00', '₹ 0.00', '₹ 3,000.00', '₹ 0.00', '₹ 10,000.00', '01-09-2026']);
  expect((await cells(rows.nth(1))).slice(0, 8)).toEqual([BHARAT, '₹ 5,500.00', '₹ 4,000.00', '₹ 1,500.00', '₹ 0.00', '₹ 0.00', '₹ 0.00', '04-12-2026']);
  expect((await cells(table.locator('tfoot tr'))).slice(0, 7)).toEqual(['Total', '₹ 18,500.00', '₹ 4,000.00', '₹ 1,500.00', '₹ 3,000.00', '₹ 0.00', '₹ 10,000.00']);
  if (SHOTS) {
    for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/receivables-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  await page.getByRole('button', { name: `Statement of ${KAVERI}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Client statement' });
  await dialog.getByLabel('From').fill('2026-09-01');
  await dialog.getByLabel('To').fill('2026-12-31');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/statement-dialog-1366.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`Statement-${KAVERI}-2026-09-01-2026-12-31.pdf`);
  const statement = squash(pdfText(await downloadedBytes(download), 'flow'));
  expect(statement).toContain('STATEMENT OF ACCOUNT');
  expect(statement).toContain(KAVERI);
  // 10,000 + 5,000 billed, 2,000 received: closing 13,000.
  expect(statement).toMatch(/Closing balance.*13,000\.00/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The reminder goes as of today (the server's): both of Kaveri's bills are past due, 13,000 in all.
  const reminder = await whatsAppTab(context, () => page.getByRole('button', { name: `Remind on WhatsApp: ${KAVERI}` }).click());
  const message = `Dear ${KAVERI}, this is a reminder from ALFA DIESEL. These bills are overdue: Invoice Bill 81, Invoice Bill 82. Amount due: ₹13,000.00.`;
  expect(reminder.url()).toBe(`https://wa.me/919820012345?text=${encodeURIComponent(message)}`);
  await reminder.close();

  // The client's name opens the client: its bills, statement and reminders.
  await table.getByRole('link', { name: KAVERI }).click();
  await page.getByRole('region', { name: `Statement and reminders of ${KAVERI}` }).waitFor();
  if (SHOTS) {
    for (const [width, height] of [[1366, 768], [1024, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/client-money-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  // Desktop Chromium on Linux cannot share files: Share opens wa.me with the bill's message and downloads the PDF.
  await page.goto('/alfadiesel/view/invoicebill');
  // The list's rows, balances and send marks all in: a late answer draws the row again and closes its Send menu.
  await page.waitForLoadState('networkidle');
  const listed = page.getByRole('row').filter({ hasText: KAVERI }).filter({ has: page.getByRole('cell', { name: '82', exact: true }) });
  // A desktop row's E-mail and Share open from its Send button (issue 50: the list fits the screen).
  await listed.getByRole('button', { name: 'Send', exact: true }).click();
  await listed.getByRole('button', { name: 'Send by e-mail' }).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-share-1366.png`, fullPage: true });
  const [pdf, shared] = await Promise.all([page.waitForEvent('download'), whatsAppTab(context, () => listed.getByRole('button', { name: 'Share' }).click())]);
  const text = [`Dear ${KAVERI},`, 'Invoice No. 82 dated 15-11-2026 from ALFA DIESEL: ₹5,000.00.', 'Balance due: ₹3,000.00 by 15-11-2026.'].join('\n');
  expect(shared.url()).toBe(`https://wa.me/919820012345?text=${encodeURIComponent(text)}`);
  expect(pdf.suggestedFilename()).toBe(`82-${KAVERI}.pdf`);
  expect(squash(pdfText(await downloadedBytes(pdf), 'flow'))).toContain(KAVERI);
  await page.getByText('The PDF was downloaded: attach it to the WhatsApp message.').waitFor();
  expect(errors).toEqual([]);
});

/**
 * Issue 32 part 4 on the saved bill: Share beside Send by e-mail on PDF Generated and on View PDF Bill. Desktop
 * Chromium cannot share files, so each opens wa.me to the saved client's phone with the bill's message and downloads
 * the PDF. 3 × 1,500.00 = 4,500.00, nothing paid, no credit days: all of it due on the bill's date.
 */
it('shares a bill saved on screen from PDF Generated and from View PDF Bill', async () => {
  const { app, open } = env;
  const client = 'Deccan Stone Crushers';
  const api = await apiSession(app);
  await api.postJson('/api/common/saveclient', { clientname: client, clientaddress: 'Wagholi, Pune', phone: '98220 45678', creditdays: '' });
  const { page, context, errors } = await open({ width: 1366, height: 768 });
  await signIn(page, app, `/${invoice.unit}/${invoice.route}`);
  const number = await page.getByLabel('Invoice No.', { exact: true }).inputValue();
  await fillHeader(page, invoice, { clientname: client, clientaddress: 'Wagholi, Pune' });
  await fillLines(page, invoice, [{ goods: 'Hydraulic pump', qty: '3', rate: '1500', per: 'no' }]);
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  await Promise.all([page.waitForEvent('download'), page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click()]);

  const today = localIsoDay().split('-').reverse().join('-');
  const text = [`Dear ${client},`, `Invoice No. ${number} dated ${today} from ALFA DIESEL: ₹4,500.00.`, `Balance due: ₹4,500.00 by ${today}.`].join('\n');
  const link = `https://wa.me/919822045678?text=${encodeURIComponent(text)}`;
  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByRole('button', { name: 'Share' }).waitFor();
  const buttons = await saved.getByRole('button').allTextContents();
  expect(buttons[buttons.indexOf('Send by e-mail') + 1]).toBe('Share');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-share-1366.png` });
  const [fromSaved, sharedPdf] = await Promise.all([whatsAppTab(context, () => saved.getByRole('button', { name: 'Share' }).click()), page.waitForEvent('download')]);
  expect(fromSaved.url()).toBe(link);
  expect(sharedPdf.suggestedFilename()).toBe(`${number}-${client}.pdf`);
  expect(squash(pdfText(await downloadedBytes(sharedPdf), 'flow'))).toContain('4,500.00');
  await fromSaved.close();

  await page.goto(listRoute(invoice));
  const listed = page.getByRole('row').filter({ hasText: client });
  await Promise.all([page.waitForEvent('download'), listed.getByRole('button', { name: 'View', exact: true }).click()]);
  const view = page.getByRole('dialog', { name: 'View PDF Bill' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/view-share-1366.png` });
  const [fromView] = await Promise.all([whatsAppTab(context, () => view.getByRole('button', { name: 'Share' }).click()), page.waitForEvent('download')]);
  expect(fromView.url()).toBe(link);
  await fromView.close();

  // A phone's browser shares files: the PDF itself goes to the share sheet, no wa.me tab, nothing downloaded.
  await page.evaluate(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    Object.assign(window, { sharedFiles: shared });
    navigator.canShare = (data) => Boolean(data?.files?.length);
    navigator.share = async (data) => void shared.push(...(data?.files ?? []).map(({ name, type, size }) => ({ name, type, size })));
  });
  await view.getByRole('button', { name: 'Share' }).click();
  const sheet = await page.waitForFunction(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles[0]);
  expect(await sheet.jsonValue()).toMatchObject({ name: `${number}-${client}.pdf`, type: 'application/pdf' });
  expect(context.pages()).toHaveLength(1);
  expect(errors).toEqual([]);
});
