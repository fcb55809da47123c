import { expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const shoot = async (page: import('playwright-core').Page, name: string) => {
  for (const viewport of SHOTS ? VIEWPORTS : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
};

/**
 * Issue 28: a credit note issued from a tax invoice's edit screen. Tax Invoice No. 1 (21-11-2026, Maharashtra buyer):
 * 4 no x 2,500 = 10,000.00 and 10 no x 100 = 1,000.00, both at 18%. The note keeps 1 of the 4 pumps and drops
 * the nozzles: 2,500.00 + CGST 225 + SGST 225 = 2,950.00, shown on the invoice and in the register as -2,950.00.
 */
it('issues a credit note from an invoice\'s edit screen, and shows it on the invoice and in the register', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  const line = (srno: number, goods: string, qty: string, rate: string, amount: string) => ({ srno, goods, hsn: '8413', taxrate: '18', qty, rate, per: 'no', amount });
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 2, {
    invoiceno: 1,
    clientname: 'Shree Ganesh Transport',
    gstno: '27AAPFU0939F1ZV',
    product: [line(1, 'Fuel injection pump', '4', '2500', '10000.00'), line(2, 'Nozzle', '10', '100', '1000.00')],
  }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/view/taxinvoicebill/1');
  const notes = page.getByRole('region', { name: 'Credit and debit notes' });
  await notes.getByRole('link', { name: 'Issue Debit Note' }).waitFor();
  await notes.getByRole('link', { name: 'Issue Credit Note' }).click();

  await page.getByText('Against Tax Invoice Bill No. 1 dated 21-11-2026').waitFor();
  const cell = (title: string, row: number) => page.getByLabel(`${title}, Sr. No. ${row}`, { exact: true });
  await cell('QTY', 2).waitFor();
  expect(await page.getByLabel('Client Company Name', { exact: true }).inputValue()).toBe('Shree Ganesh Transport');
  expect(await cell('QTY', 1).inputValue()).toBe('4');
  await shoot(page, 'credit-note-create');
  expect(await seriousViolations(page)).toEqual([]);
  await cell('QTY', 1).fill('1');
  await page.getByRole('row', { name: 'Sr. No. 2' }).getByRole('button', { name: 'Delete Field' }).click();
  await page.getByLabel('Reason', { exact: true }).selectOption('Sales Return');
  await page.getByRole('button', { name: 'Save And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  const saved = page.getByRole('dialog', { name: 'PDF Generated' });
  await saved.waitFor();
  await page.keyboard.press('Enter');
  await saved.waitFor({ state: 'detached' });
  // Saved: the screen asks which bill the next note corrects.
  await page.getByRole('region', { name: 'The bill this Credit Note corrects' }).getByRole('button', { name: 'Open' }).waitFor();

  await page.goto('/gst/view/taxinvoicebill/1');
  await notes.getByRole('link', { name: 'Credit Note CN/1: ₹2,950.00' }).click();
  // The note's edit screen names the invoice it corrects, a link back.
  await page.getByRole('region', { name: 'The bill this Credit Note corrects' }).getByRole('link', { name: 'Tax Invoice Bill No. 1' }).click();
  await notes.getByRole('link', { name: 'Credit Note CN/1: ₹2,950.00' }).waitFor();
  await shoot(page, 'credit-note-on-invoice');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/gst/view/taxinvoicebill');
  await page.getByRole('row').filter({ hasText: 'Shree Ganesh Transport' }).getByText('Credit Note CN/1: ₹2,950.00').waitFor();
  await shoot(page, 'credit-note-list');

  await page.getByRole('link', { name: 'Reports' }).click();
  const region = page.getByRole('region', { name: 'Reports' });
  await region.getByLabel('Unit').selectOption('gst');
  const noteRow = page.getByRole('row').filter({ hasText: 'CN/1' });
  await noteRow.waitFor();
  expect(await noteRow.textContent()).toContain('-2,950.00');
  await page.getByText('₹ 10,030.00').first().waitFor();
  await shoot(page, 'credit-note-register');
  expect(errors).toEqual([]);
});

/**
 * From the Create menu a note asks which bill it corrects first. Tax Invoice No. 3 is dated 10-03-2025 (financial
 * year 2024-25): Section 34 allowed its credit notes till 30-11-2025, so a credit note dated today asks first, and
 * No leaves it unsaved.
 */
it('names the original from the Create menu, and asks before a credit note past the Section 34 time limit', async () => {
  const { app, open } = env;
  const api = await apiSession(app);
  const taxInvoice = registry.byType('taxinvoice')!;
  await api.saveBill(taxInvoice, validPayload(taxInvoice, 1, { invoiceno: 3, date: '2025-03-10', clientname: 'Old Year Transport' }));

  const { page, errors } = await open(VIEWPORTS[0]);
  await signIn(page, app, '/gst/creditnote');
  const against = page.getByRole('region', { name: 'The bill this Credit Note corrects' });
  await against.getByLabel('Bill type').selectOption('taxinvoice');
  await against.getByLabel('Bill No.').fill('3');
  await against.getByLabel('Financial year').fill('2024-25');
  await shoot(page, 'credit-note-against');
  expect(await seriousViolations(page)).toEqual([]);
  await against.getByRole('button', { name: 'Open' }).click();
  await page.getByText('Against Tax Invoice Bill No. 3 dated 10-03-2025').waitFor();
  expect(await page.getByLabel('Client Company Name', { exact: true }).inputValue()).toBe('Old Year Transport');

  await page.getByLabel('Reason', { exact: true }).selectOption('Post Sale Discount');
  await page.getByRole('button', { name: 'Save And Create PDF' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Generate PDF' }).click();
  const late = page.getByRole('dialog', { name: 'Credit note after the time limit' });
  await late.getByText('reduces the tax only when issued by 30-11-2025').waitFor();
  await late.getByRole('button', { name: 'No' }).click();
  await page.getByText('The credit note was not saved.').waitFor();
  // Only the first test's CN/1 is stored.
  const notes = await api.postJson<{ bill: { clientname: string }[] }>('/api/common/getbill', { billtype: 'creditnote' });
  expect(notes.bill.map((note) => note.clientname)).toEqual(['Shree Ganesh Transport']);
  expect(errors).toEqual([]);
});

const env = useBrowserApp();
