import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TOKEN_KEY } from '../../src/app/auth/token-store';
import { validPayload } from '../fixtures/payloads';
import { apiSession, PHONE, registry, signIn, useBrowserApp, type RunningApp } from './support';

/**
 * Issue 45 in Chromium: the screens hide what a role may not do (read from the actions the server sent), and an
 * owner's Operators screen adds someone who chooses their own password at their first sign-in.
 */
const e2e = useBrowserApp();
const taxInvoice = registry.byType('taxinvoice')!;
const WIDE = { width: 1366, height: 768 };
const SHOTS = process.env.ROLE_SHOTS;

/** A person the owner adds over the API, past their first-sign-in password change: their token. */
async function addedAndChanged(app: RunningApp, email: string, role: string): Promise<string> {
  const owner = await apiSession(app);
  await owner.postJson('/api/common/addoperator', { email, role, units: null, password: 'first password 1' });
  const login = await fetch(new URL('/api/auth/login', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'first password 1' }),
  });
  const { authToken } = (await login.json()) as { authToken: string };
  const changed = await fetch(new URL('/api/auth/changepassword', app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken}` },
    body: JSON.stringify({ password: 'first password 1', newpassword: 'my own password 2' }),
  });
  return ((await changed.json()) as { authToken: string }).authToken;
}

/** `path` opened signed in with `token` (the sign-in page's own storage). */
async function openAs(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
}

it('an accountant sees the list and the reports, but no Create Bill, Save, Delete or Mark as filed', async () => {
  const owner = await apiSession(e2e.app);
  await owner.saveBill(taxInvoice, validPayload(taxInvoice, 2, { invoiceno: 1 }));
  const token = await addedAndChanged(e2e.app, 'lata@alfadiesel.test', 'accountant');
  for (const viewport of [WIDE, PHONE]) {
    const { page } = await e2e.open(viewport);
    await openAs(page, token, `/${taxInvoice.unit}/view/${taxInvoice.route}`);
    await page.getByRole('table').or(page.locator('.card-table').first()).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'View', exact: true }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/accountant-list-${viewport.width}.png` });
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^New / }).count()).toBe(0);
    if (viewport === WIDE) {
      expect(await page.getByRole('button', { name: 'Create Bill' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Operators' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      expect(await page.getByRole('button', { name: /Mark as filed/ }).count()).toBe(0);
      // The bill opens read-only: no Update, and the form says why.
      await page.goto(`/${taxInvoice.unit}/view/${taxInvoice.route}/1`);
      await page.getByText('Your role may not create or edit bills. This bill opens read-only.').waitFor();
      expect(await page.getByRole('button', { name: /Update/ }).count()).toBe(0);
    }
  }
});

it('an owner adds an operator on the Operators screen, who changes the first password at their first sign-in', async () => {
  const { page } = await e2e.open(WIDE);
  await signIn(page, e2e.app, '/operators');
  await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add Operator' }).click();
  await page.getByLabel('Email *').fill('ravi@alfadiesel.test');
  await page.getByLabel('Role *').selectOption({ label: 'Operator' });
  await page.getByLabel('First password *').fill('first password 9');
  await page.getByRole('button', { name: 'Add Operator' }).last().click();
  const row = page.getByRole('row', { name: /ravi@alfadiesel\.test/ });
  await row.getByText('First password not yet changed').waitFor();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/operators-${WIDE.width}.png` });
    const phone = (await e2e.open(PHONE)).page;
    await signIn(phone, e2e.app, '/operators');
    await phone.getByText('ravi@alfadiesel.test').waitFor();
    await phone.screenshot({ path: `${SHOTS}/operators-${PHONE.width}.png`, fullPage: true });
  }

  const { page: ravi } = await e2e.open(WIDE);
  await ravi.goto('/');
  await ravi.getByLabel('Email').fill('ravi@alfadiesel.test');
  await ravi.getByLabel('Password').fill('first password 9');
  await ravi.getByRole('button', { name: 'Login' }).click();
  await ravi.getByRole('heading', { name: 'Change your password' }).waitFor();
  expect(await ravi.getByRole('button', { name: 'Create Bill' }).count()).toBe(0);
  await ravi.getByLabel('Password you signed in with').fill('first password 9');
  await ravi.getByLabel('New password', { exact: true }).fill('ravi chose this');
  await ravi.getByLabel('New password again').fill('ravi chose this');
  await ravi.getByRole('button', { name: 'Change Password' }).click();
  await ravi.getByRole('button', { name: 'Create Bill' }).waitFor();
  expect(await ravi.getByRole('link', { name: 'Operators' }).count()).toBe(0);

  await page.reload();
  await row.getByText('Active').waitFor();
});
