import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillHeader, fillLines } from '../journeys/support/bill-form';
import { formBillNumber } from '../journeys/support/screens';
import { registry, signIn, useBrowserApp } from '../support';

/** Issue 30, Deliver 5, in Chromium: no confirmation is answered by a key meant for the form; the safe answer has the focus. */
const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);
/** Two animation frames: what a click would have changed is on the screen by then. */
const settled = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function openFilled(): Promise<Page> {
  const { page } = await e2e.open({ width: 1366, height: 768 });
  await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
  await formBillNumber(page, invoice);
  await fillHeader(page, invoice, { clientname: 'Stray Key Logistics', clientaddress: 'Belapur 400614' });
  await fillLines(page, invoice, [{ goods: 'O-ring', qty: '5', rate: '12', per: 'per' }]);
  return page;
}

describe('dialogs that do not surprise (issue 30)', () => {
  it('an Enter held down in the form as Ctrl+S opens "Are you sure?" does not answer it as it repeats', async () => {
    const page = await openFilled();
    await page.getByLabel(invoice.roles.clientName.title, { exact: true }).click();
    await page.keyboard.down('Enter');
    await page.keyboard.press('Control+s');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    expect(await focusedText(page)).toBe('Generate PDF');
    // Still held: the keyboard repeats it into the dialog.
    await page.keyboard.down('Enter');
    await page.keyboard.down('Enter');
    await settled(page);
    expect(await confirm.isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'PDF Generated' }).count()).toBe(0);
    await page.keyboard.up('Enter');
    // An Enter pressed in the dialog itself answers it, as ever.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toContain('Stray Key Logistics');
  });

  it('skipping numbers has "Use {next}" focused: Enter saves under the next number', async () => {
    const page = await openFilled();
    const label = invoice.roles.billNumber.title;
    const next = Number(await page.getByLabel(label, { exact: true }).inputValue());
    await page.getByLabel(label, { exact: true }).fill(String(next + 7));
    await page.keyboard.press('Control+s');
    await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
    await page.keyboard.press('Enter');
    const gap = page.getByRole('dialog', { name: 'Skip bill numbers?' });
    await gap.waitFor();
    expect(await focusedText(page)).toBe(`Use ${next}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`${next}-Stray Key Logistics.pdf`);
  });
});
