import type { Download, Page } from 'playwright-core';
import type { BillType } from '../../../../src/engine/core';
import { downloadedBytes } from '../../support/browser';
import { menuLink } from '../../support/menu';
import { printedAs } from '../../support/session';
import { pdfText, squash } from '../../../pdf/pdf-tools';

/** Spec 2's texts for the modals of the save flow. */
export const CONFIRM_BUTTON = 'Generate PDF';
export const SAVED_TITLE = 'PDF Generated';

/** Opens a bill type's screen from the header's Create Bill or View Bill menu, as an operator would. */
export async function openFromMenu(page: Page, menu: 'Create Bill' | 'View Bill', billType: BillType): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await menuLink(page, billType).click();
  const path = menu === 'Create Bill' ? `/${billType.unit}/${billType.route}` : `/${billType.unit}/view/${billType.route}`;
  await page.waitForURL((url) => url.pathname === path);
}

/** Waits for the bill form and returns the bill number it shows. */
export async function formBillNumber(page: Page, billType: BillType): Promise<number> {
  await page.getByRole('heading', { name: billType.label, exact: true, level: 1 }).waitFor();
  return Number(await page.getByLabel(billType.roles.billNumber.title, { exact: true }).inputValue());
}

/** A save button up to the confirmation modal, then Generate PDF. */
async function confirmSave(page: Page, button: string, confirmTitle: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog', { name: confirmTitle }).getByRole('button', { name: CONFIRM_BUTTON }).click();
}

/** Spec 4: the checks run after the confirmation; the first failure shows as an "Empty field" error toast. */
export async function saveExpectingToast(page: Page, button: string, confirmTitle: string, message: string): Promise<void> {
  await confirmSave(page, button, confirmTitle);
  await page.getByRole('alert').filter({ hasText: 'Empty field' }).filter({ hasText: message }).waitFor();
}

export interface SavedPdf {
  fileName: string;
  /** The PDF's text (pdftotext), white space squashed. */
  text: string;
}

/** A downloaded PDF's text (pdftotext), white space squashed. */
export async function downloadedText(download: Download): Promise<string> {
  return squash(pdfText(await downloadedBytes(download), 'flow'));
}

/** The whole save flow: confirm, the PDF downloaded, "PDF Generated" with the type's text, Okay. */
export async function saveWithPdf(page: Page, button: string, confirmTitle: string, savedAs: BillType): Promise<SavedPdf> {
  const [download] = await Promise.all([page.waitForEvent('download'), confirmSave(page, button, confirmTitle)]);
  const saved = page.getByRole('dialog', { name: SAVED_TITLE });
  await saved.getByText(savedAs.successMessage, { exact: true }).waitFor();
  await saved.getByRole('button', { name: 'Okay' }).click();
  await saved.waitFor({ state: 'detached' });
  return { fileName: download.suggestedFilename(), text: await downloadedText(download) };
}

/** A list's row for a bill number (shown as printed: S/5 on the Tax Service Bill). */
export function listRow(page: Page, billno: number, billType?: BillType) {
  const shown = billType ? printedAs(billType, billno) : String(billno);
  return page.locator('tbody tr').filter({ has: page.locator('td.col-billno', { hasText: new RegExp(`^${shown.replace(/[/]/g, '\\/')}$`) }) });
}
