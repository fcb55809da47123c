import { expect, within } from 'storybook/test';
import type { BillType } from '../../engine/core';

/** Screens load lazily and the form mounts once per bill: generous on a busy CI machine. */
export const SCREEN_TIMEOUT_MS = 20_000;
const wait = { timeout: SCREEN_TIMEOUT_MS };

/** Queries over the whole page: modals and toasts are portaled to the body, outside the canvas. */
export function pageOf(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body);
}

export type Page = ReturnType<typeof pageOf>;

/** Waits until the bill form shows its title and bill number field. */
export async function formReady(page: Page, billType: BillType): Promise<void> {
  await page.findByRole('heading', { name: billType.label, level: 1 }, wait);
  await page.findByLabelText(billType.roles.billNumber.title, {}, wait);
}

export async function findButton(page: Page, name: string): Promise<HTMLElement> {
  return page.findByRole('button', { name }, wait);
}

export async function findDialog(page: Page, name: string): Promise<HTMLElement> {
  return page.findByRole('dialog', { name }, wait);
}

/** An error toast (spec 8: at the top, role alert) with its title and message. */
export async function expectErrorToast(page: Page, title: string, message?: string): Promise<void> {
  const toast = await page.findByRole('alert', {}, wait);
  await expect(within(toast).getByText(title)).toBeTruthy();
  if (message) await expect(within(toast).getByText(message)).toBeTruthy();
}

/** The Bill No. cells of a list, once it has loaded. */
export async function listedBillNumbers(page: Page): Promise<string[]> {
  const table = await page.findByRole('table', {}, wait);
  await within(table).findAllByRole('cell', {}, wait);
  return [...table.querySelectorAll('tbody td.col-billno')].map((cell) => cell.textContent ?? '');
}
