import { beforeAll, describe, expect, it } from 'vitest';
import { validPayload } from '../fixtures/payloads';
import { apiSession, registry, seriousViolations, signIn, useBrowserApp } from './support';

const e2e = useBrowserApp();
const invoice = registry.byType('invoice')!;
const LIST = `/${invoice.unit}/view/${invoice.route}`;

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  await api.saveBill(invoice, validPayload(invoice, 1, { invoiceno: 1 }));
});

describe('the shell and the list screens have no serious accessibility problems (axe-core)', () => {
  it('sign-in', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a list with an open menu', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app, LIST);
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'View Bill' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the Delete and View modals', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app, LIST);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Bill No. 1' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'View', exact: true }).click()]);
    await page.getByRole('dialog', { name: 'View PDF Bill' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keyboard: Tab reaches the menus, Enter opens one, Escape closes it and returns focus', async () => {
    const { page } = await e2e.open();
    await signIn(page, e2e.app);
    // The landing create screen puts focus in its first empty field once loaded: wait, so it cannot take focus later.
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    const createMenu = page.getByRole('button', { name: 'Create Bill' });
    await createMenu.focus();
    await page.keyboard.press('Enter');
    expect(await createMenu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Invoice Bill');
    await page.keyboard.press('Escape');
    expect(await createMenu.getAttribute('aria-expanded')).toBe('false');
    expect(await createMenu.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
