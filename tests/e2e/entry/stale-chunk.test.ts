import { describe, expect, it } from 'vitest';
import { fillHeader, fillLines } from '../journeys/support/bill-form';
import { CONFIRM_BUTTON, formBillNumber, openFromMenu, SAVED_TITLE } from '../journeys/support/screens';
import { LANDING_PATH, registry, signIn, useBrowserApp } from '../support';

/**
 * Issue 30, Deliver 7, in Chromium: the app rebuilt while a tab was open (a screen's chunk is gone) reloads
 * the app once instead of showing the router's raw "Unexpected Application Error"; failing again, it says so
 * plainly with a Reload button, and the bill being typed is kept as its draft.
 */
const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;
const CLIENTS_CHUNK = /\/assets\/ClientsPage-[^/]*\.js$/;

describe('a chunk that fails to load (issue 30)', () => {
  it('reloads the app once and the screen opens', async () => {
    const { page } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    let refused = 0;
    await page.route(CLIENTS_CHUNK, (route) => (refused++ === 0 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(refused).toBe(2);
    expect(loads).toBe(1);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/clients');
  });

  it("a bill type's validator chunk: the create screen reloads the app once and opens, instead of waiting for ever", async () => {
    const taxInvoice = registry.byType('taxinvoice')!;
    const { page } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    let refused = 0;
    await page.route(new RegExp(`/assets/${taxInvoice.type}-[^/]*\\.js$`), (route) => (refused++ === 0 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await openFromMenu(page, 'Create Bill', taxInvoice);
    await formBillNumber(page, taxInvoice);
    expect(refused).toBe(2);
    expect(loads).toBe(1);
  });

  it('failing again after the reload: a plain message with Reload, under the header; the bill typed before is offered back', async () => {
    const { page, errors } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    await formBillNumber(page, invoice);
    await page.getByLabel('Client Company Name', { exact: true }).fill('Rebuilt App Transport');
    let refused = 0;
    await page.route(CLIENTS_CHUNK, (route) => {
      refused++;
      return route.abort();
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave', exact: true }).click();

    const message = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This screen could not be opened' }) });
    await message.getByText('The app may have been updated while this tab was open.', { exact: false }).waitFor();
    // Once reloaded, never twice: the chunk was asked for before and after the one reload.
    expect(refused).toBe(2);
    expect(loads).toBe(1);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/clients');

    // Reload by hand: still missing, the same message (no loop), the header still there to go elsewhere.
    await Promise.all([page.waitForEvent('load'), message.getByRole('button', { name: 'Reload', exact: true }).click()]);
    await message.waitFor();
    expect(refused).toBe(3);
    await openFromMenu(page, 'Create Bill', invoice);
    expect(new URL(page.url()).pathname).toBe(LANDING_PATH);
    await formBillNumber(page, invoice);
    await page.getByRole('button', { name: /^Restore unsaved bill from \d\d:\d\d$/ }).click();
    expect(await page.getByLabel('Client Company Name', { exact: true }).inputValue()).toBe('Rebuilt App Transport');
    // The aborted requests are all the browser reported.
    expect(errors.filter((error) => !/ClientsPage|dynamically imported module/.test(error))).toEqual([]);
  });
});

/** PDF Generated is a chunk of its own, asked for as a create screen opens: a save whose chunk never loads still says it saved. */
it('a save whose PDF Generated chunk cannot load still downloads the PDF and says the bill was saved', async () => {
  const { page } = await e2e.open({ width: 1366, height: 768 });
  await page.route(/\/assets\/saved-modal-[^/]*\.js$/, (route) => route.abort());
  await signIn(page, e2e.app, `/${invoice.unit}/${invoice.route}`);
  await formBillNumber(page, invoice);
  await fillHeader(page, invoice, { clientname: 'Unloaded Modal Transport', clientaddress: 'Pune' });
  await fillLines(page, invoice, [{ goods: 'Nozzle', qty: '2', rate: '500', per: 'no' }]);
  await page.getByRole('button', { name: 'Save And Create PDF', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-Unloaded Modal Transport\.pdf$/);
  await page.getByRole('status').filter({ hasText: invoice.successMessage }).waitFor();
  expect(await page.getByRole('dialog', { name: SAVED_TITLE }).count()).toBe(0);
});
