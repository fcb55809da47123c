import type { Page } from 'playwright-core';

/** What an operator does on a screen, in the words of the screen: the guide's pictures are reached by these. */

/** An input, select or text area by its label (a header menu's list may carry the same name). */
export function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).and(page.locator('input, select, textarea'));
}

export function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true }).filter({ visible: true }).first();
}

export function dialog(page: Page, name: string) {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens a header drop-down (Create Bill, View Bill, Receivables ...) and picks an entry of one unit's group. */
export async function fromMenu(page: Page, menu: string, group: string, entry: string): Promise<void> {
  await button(page, menu).click();
  await page.getByRole('list', { name: group, exact: true }).getByRole('link', { name: entry, exact: true }).click();
}

/** Fills labelled fields in order, a select by its option's label. */
export async function fillIn(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const input = field(page, label);
    if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption({ label: value });
    else await input.fill(value);
  }
}

/** Types a saved client's name as an operator does and picks it from the list offered. */
export async function pickClient(page: Page, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Client Company Name' });
  await input.click();
  await input.pressSequentially(name.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

export interface TypedLine {
  goods: string;
  hsn: string;
  taxrate: string;
  qty: string;
  rate: string;
  per: string;
}

/** A goods line typed into row `n` (Add More Product first for a new row); Tab leaves Rate so Amount follows. */
export async function typeLine(page: Page, n: number, line: TypedLine): Promise<void> {
  if (n > 1) await button(page, 'Add More Product').click();
  const row = `Sr. No. ${n}`;
  await field(page, `Description of Goods, ${row}`).fill(line.goods);
  await field(page, `HSN, ${row}`).fill(line.hsn);
  await field(page, `GST %, ${row}`).fill(line.taxrate);
  await field(page, `QTY, ${row}`).fill(line.qty);
  await field(page, `Rate, ${row}`).fill(line.rate);
  await field(page, `Per, ${row}`).selectOption(line.per);
  await page.keyboard.press('Tab');
}

/** A save button, then Generate PDF on "Are you sure?". */
export async function saveAndConfirm(page: Page, saveButton: string): Promise<void> {
  await button(page, saveButton).click();
  await dialog(page, 'Are you sure?').getByRole('button', { name: 'Generate PDF', exact: true }).click();
}

/**
 * Opens a bill's edit screen from its list row and waits for its form. The panels below the form (notes, payments,
 * History) load beside it and may show first; scrolled to then, they are pushed out of the window when the form comes.
 */
export async function openEditScreen(page: Page, printedNumber: string): Promise<void> {
  await listRow(page, printedNumber).getByRole('link', { name: 'Edit', exact: true }).click();
  await page.locator('.bill-editor form').first().waitFor();
}

/** Brings a part of a long screen to the top of the window, under the header. */
export async function scrollTo(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -110));
}

export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A list's row (a table row, or a card on a phone) by its bill number as printed. */
export function listRow(page: Page, printedNumber: string) {
  return page.locator('tbody tr').filter({ has: page.locator('td.col-billno', { hasText: new RegExp(`^${printedNumber}$`) }) });
}

/** Closes the error toasts, as an operator who has read them does (they would cover the next picture's header). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('alert').getByRole('button', { name: 'Close', exact: true }).first();
  // A toast also leaves by itself after 5 s, possibly between finding its button and clicking it.
  if (await close.isVisible()) await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page.getByRole('alert').first().waitFor({ state: 'hidden' });
}
