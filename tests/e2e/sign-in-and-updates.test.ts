import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core';
import { fillHeader, fillLines } from './journeys/support/bill-form';
import { CONFIRM_BUTTON, formBillNumber, openFromMenu, SAVED_TITLE } from './journeys/support/screens';
import { apiSession, LANDING_PATH, registry, signIn, useBrowserApp, type ApiSession } from './support';

/**
 * Issue 30, Deliver 7 in Chromium: a lost token asks to sign in again over the screen, sign-in lands on the
 * operator's last screen with its draft offered, a fresh database shows the set-up checklist, and the header
 * names the unit of the screen. (A chunk that fails to load: stale-chunk.test.ts.)
 */
const e2e = useBrowserApp();
let api: ApiSession;
beforeAll(async () => {
  api = await apiSession(e2e.app);
});

const invoice = registry.byType('invoice')!;
const taxInvoice = registry.byType('taxinvoice')!;
const SAVE = 'Save And Create PDF';
const HEADER: Row = { clientname: 'Lost Token Logistics', clientaddress: 'Gala 4, Bhiwandi Logistics Park, Thane 421302' };
const TWO_LINES: Row[] = [
  { goods: 'Nozzle tester gauge', qty: '1', rate: '1450', per: 'no' },
  { goods: 'Delivery valve', qty: '6', rate: '210', per: 'no' },
];

const fieldValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign in again' });
const unitShown = (page: Page) => page.locator('.app-unit');

async function signInOnDialog(page: Page): Promise<void> {
  const dialog = signInDialog(page);
  await dialog.getByText('Your session is missing or has expired. Please sign in again.').waitFor();
  // The operator whose token was lost, filled in as for an expired one.
  expect(await dialog.getByLabel('Email').inputValue()).toBe(e2e.app.operator.email);
  await dialog.getByLabel('Password').fill(e2e.app.operator.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whether the browser keeps a draft of `screen` (`{unit}/{type}/new`) for the operator, read as dev tools would. */
function hasDraft(page: Page, screen: string): Promise<boolean> {
  return page.evaluate(async (key) => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'alfa-billing')) return false;
    return new Promise<boolean>((resolve, reject) => {
      const open = indexedDB.open('alfa-billing');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains('bill-drafts')) return resolve(false);
        const request = database.transaction('bill-drafts').objectStore('bill-drafts').getAllKeys();
        request.onsuccess = () => {
          database.close();
          resolve((request.result as unknown[]).some((stored) => Array.isArray(stored) && stored[1] === key));
        };
        request.onerror = () => reject(request.error);
      };
    });
  }, screen);
}

describe('a fresh database: the set-up checklist (issue 30)', () => {
  it('lists each unit\'s Business Profile on the landing screen, ticks the one saved, and is gone once all are', async () => {
    const { page, errors } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    const checklist = page.getByRole('region', { name: 'Set up before your first bill' });
    const steps = checklist.getByRole('listitem');
    await checklist.waitFor();
    expect(await steps.allInnerTexts()).toEqual(registry.units.map((unit) => `${unit.menuLabel} Business Profile\nNot saved yet`));

    const [first, ...others] = registry.units;
    await checklist.getByRole('link', { name: `${first.menuLabel} Business Profile` }).click();
    await page.getByRole('heading', { name: `Business Profile · ${first.menuLabel}` }).waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(`The ${first.menuLabel} business profile has been saved.`).waitFor();

    await openFromMenu(page, 'Create Bill', invoice);
    await checklist.waitFor();
    expect(await steps.allInnerTexts()).toEqual(
      registry.units.map((unit) => `${unit.menuLabel} Business Profile\n${unit === first ? 'Saved' : 'Not saved yet'}`),
    );
    // Only the landing screen shows it.
    await openFromMenu(page, 'Create Bill', taxInvoice);
    await formBillNumber(page, taxInvoice);
    expect(await checklist.count()).toBe(0);

    // Every other unit's profile saved (units.json may list more than two).
    for (const unit of others) {
      await page.goto(`/${unit.slug}/business-profile`);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText(`The ${unit.menuLabel} business profile has been saved.`).waitFor();
    }
    await page.goto(LANDING_PATH);
    await formBillNumber(page, invoice);
    // All saved: getprofile says so for each, and the landing screen leads with the bill alone.
    for (const unit of registry.units) {
      expect((await api.postJson<{ profile: { saved: boolean } }>(`/api/${unit.slug}/getprofile`, {})).profile.saved, unit.slug).toBe(true);
    }
    expect(await checklist.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the header names the unit of the screen (issue 30)', () => {
  it('on each unit\'s bill and profile screens, and on none of the shared ones', async () => {
    const { page } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    const alfa = registry.units.find((unit) => unit.slug === invoice.unit)!;
    const gst = registry.units.find((unit) => unit.slug === taxInvoice.unit)!;
    const shows = async (path: string, name: string | undefined) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      if (name === undefined) {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await unitShown(page).count(), path).toBe(0);
      } else expect(await unitShown(page).innerText(), path).toBe(`UNIT ${name}`);
    };
    await shows(`/${invoice.unit}/${invoice.route}`, alfa.menuLabel);
    await shows(`/${taxInvoice.unit}/view/${taxInvoice.route}`, gst.menuLabel);
    await shows(`/${gst.slug}/business-profile`, gst.menuLabel);
    await shows('/clients', undefined);
    await shows('/no/such/screen', undefined);
  });
});

describe('a lost token on a bill screen asks to sign in again, like an expired one (issue 30)', () => {
  it('storage wiped, then Save: the dialog, sign in, the bill as typed is saved and its PDF downloaded', async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app);
    const billno = await formBillNumber(page, invoice);
    await fillHeader(page, invoice, HEADER);
    await fillLines(page, invoice, TWO_LINES);
    await page.evaluate(() => localStorage.clear());

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: SAVE, exact: true }).click();
        await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: CONFIRM_BUTTON }).click();
        await signInOnDialog(page);
      })(),
    ]);
    expect(download.suggestedFilename()).toBe(`${billno}-${HEADER.clientname}.pdf`);
    await page.getByRole('dialog', { name: SAVED_TITLE }).getByRole('button', { name: 'Okay' }).click();
    const stored = (await api.postJson<{ bill: Row }>(invoice.getPath, { billtype: invoice.type, billno })).bill;
    expect(stored.clientname).toBe(HEADER.clientname);
    expect((stored.product as Row[]).map((line) => [line.goods, line.qty, line.rate])).toEqual(TWO_LINES.map((line) => [line.goods, Number(line.qty), Number(line.rate)]));
    expect(errors).toEqual([]);
  });

  it('the token removed in another tab: the dialog opens over the screen at once; signing in keeps what was typed', async () => {
    const { page, context } = await e2e.open();
    await signIn(page, e2e.app);
    await openFromMenu(page, 'Create Bill', taxInvoice);
    await formBillNumber(page, taxInvoice);
    await page.getByLabel('Client Company Name', { exact: true }).fill('Other Tab Earthmovers');

    const other = await context.newPage();
    await other.goto('/');
    await other.evaluate(() => localStorage.removeItem('token'));
    await signInOnDialog(page);
    expect(new URL(page.url()).pathname).toBe(`/${taxInvoice.unit}/${taxInvoice.route}`);
    expect(await fieldValue(page, 'Client Company Name')).toBe('Other Tab Earthmovers');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
  });
});

/** Signs in on the sign-in page (open) and waits to land at `path`. */
async function signInLandingAt(page: Page, path: string): Promise<void> {
  await page.getByLabel('Email').fill(e2e.app.operator.email);
  await page.getByLabel('Password').fill(e2e.app.operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('signing in lands on the unit and screen used last (issue 30)', () => {
  it('with the draft typed there offered back', async () => {
    const { page, errors } = await e2e.open();
    await signIn(page, e2e.app);
    await openFromMenu(page, 'Create Bill', taxInvoice);
    await formBillNumber(page, taxInvoice);
    await page.getByLabel('Client Company Name', { exact: true }).fill('Last Screen Diesel Pumps');
    await expect.poll(() => hasDraft(page, `${taxInvoice.unit}/${taxInvoice.type}/new`)).toBe(true);

    // The token gone without Logout (Logout removes the operator's drafts, after asking), the tab closed.
    await page.evaluate(() => localStorage.removeItem('token'));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/');
    await signInLandingAt(page, `/${taxInvoice.unit}/${taxInvoice.route}`);
    await formBillNumber(page, taxInvoice);
    expect(await unitShown(page).innerText()).toContain(registry.units.find((unit) => unit.slug === taxInvoice.unit)!.menuLabel);
    await page.getByRole('button', { name: /^Restore unsaved bill from \d\d:\d\d$/ }).click();
    expect(await fieldValue(page, 'Client Company Name')).toBe('Last Screen Diesel Pumps');
    expect(errors).toEqual([]);
  });

  it('a page that is no screen is not remembered: signing in after it lands on the screen before it', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app);
    await openFromMenu(page, 'View Bill', taxInvoice);
    await page.getByRole('heading', { name: `${taxInvoice.menuLabel} list`, level: 1 }).waitFor();
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await signInLandingAt(page, `/${taxInvoice.unit}/view/${taxInvoice.route}`);
  });
});
