import { describe, expect, it } from 'vitest';
import { LANDING_PATH, registry, signInThroughPage, useBrowserApp } from './support';

/** The one browser file on `npm start`'s own process: signing in the way an operator's server does, at OWASP's cost. */
const e2e = useBrowserApp({ ownProcess: true });

const SCREEN_PATHS = registry.billTypes.flatMap((b) => [
  `/${b.unit}/${b.route}`,
  `/${b.unit}/view/${b.route}`,
  `/${b.unit}/view/${b.route}/1`,
]);

describe('sign-in and the guard in Chromium (spec 2)', () => {
  it('a wrong password shows the server msg and keeps the operator on /', async () => {
    const { page, errors } = await e2e.open();
    await page.goto('/');
    await page.getByLabel('Email').fill(e2e.app.operator.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a failed try\'s error toast goes away once the right password signs in', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await page.getByLabel('Email').fill(e2e.app.operator.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await failed.waitFor();
    await page.getByLabel('Password').fill(e2e.app.operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === LANDING_PATH);
    // At once, well inside the toast's own 5 s.
    expect(await failed.count()).toBe(0);
  });

  it('the right password stores the token and lands on /alfadiesel/invoicebill', async () => {
    const { page, errors } = await e2e.open();
    await signInThroughPage(page, e2e.app);
    expect(new URL(page.url()).pathname).toBe(LANDING_PATH);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
    await page.getByRole('heading', { name: 'INVOICE BILL' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('/ forwards a signed-in operator to the landing screen, also after a reload', async () => {
    const { page } = await e2e.open();
    await signInThroughPage(page, e2e.app);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === LANDING_PATH);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe(LANDING_PATH);
  });

  it('every create, list and edit route sends a signed-out visitor to /', async () => {
    const { page } = await e2e.open();
    for (const path of [...SCREEN_PATHS, '/no/such/screen']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
  });

  it('a token the server rejects asks to sign in again over the screen; Sign out removes it and returns to /', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'forged.token.value'));
    await page.goto('/alfadiesel/view/invoicebill');
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByText(/Please sign in again/).waitFor();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('Logout removes the token and goes to /', async () => {
    const { page } = await e2e.open();
    await signInThroughPage(page, e2e.app);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.getByRole('button', { name: 'Create Bill' }).count()).toBe(0);
  });
});
