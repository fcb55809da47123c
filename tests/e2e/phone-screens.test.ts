import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createRoute, editRoute, listRoute, profileRoute } from '../../src/app/paths';
import { receivablesRoute } from '../../src/app/receivables/receivables-path';
import { CATALOGS_PATH, CLIENTS_PATH, REPORTS_PATH } from '../../src/app/layout/header-links';
import { standsAlone, validPayload } from '../fixtures/payloads';
import { apiSession, menuLink, registry, seriousViolations, signIn, useBrowserApp, type Viewport } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
const e2e = useBrowserApp();
const PORTRAIT_TABLET: Viewport = { width: 768, height: 1024, touch: true };
const PHONE: Viewport = { width: 390, height: 844, touch: true };

/** Every screen an operator opens, by path (issue 31 item 1). */
function screens(): string[] {
  const paths = [CLIENTS_PATH, CATALOGS_PATH, REPORTS_PATH];
  for (const unit of registry.units) paths.push(profileRoute(unit), receivablesRoute(unit));
  for (const billType of registry.billTypes) {
    paths.push(createRoute(billType), listRoute(billType));
    if (standsAlone(billType)) paths.push(editRoute(billType, 1));
  }
  return paths;
}

/**
 * Screens axe-core checks: every screen on the phone; on the tablet, whose screens are the phone's cards and
 * forms wider, a list, a create screen and the shared screens (every screen twice would double the walk).
 */
function axed(viewport: Viewport): (path: string) => boolean {
  if (viewport === PHONE) return () => true;
  const taxInvoice = registry.byType('taxinvoice')!;
  const sample = new Set([listRoute(taxInvoice), createRoute(taxInvoice), CLIENTS_PATH, CATALOGS_PATH, receivablesRoute(registry.units[0])]);
  return (path) => sample.has(path);
}

/** What does not fit a touch screen on the page now: sideways scrolling, a control off screen or under 44×44. */
async function misfits(page: Page, viewport: Viewport): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const control of document.querySelectorAll<HTMLElement>('main button, main a.button, main input:not([type=checkbox]):not([type=radio]), main select')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      if (box.left < 0 || box.right > width + 0.5) found.push(`${name} off screen`);
      if (control.matches('button, a.button') && (box.width < 44 || box.height < 44)) found.push(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
      if (control.matches('input, select') && getComputedStyle(control).fontSize !== '16px') found.push(`${name} text ${getComputedStyle(control).fontSize}`);
    }
    return found;
  }, viewport.width);
}

/**
 * Opens `path` through the app's own router, as a link would, by way of the not-found screen: its heading gone is
 * the sign that the new screen took over (not the last one still showing). A full page load per screen was most of
 * the walk's time.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const go = (to: string) =>
    page.evaluate((target) => {
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  const notFound = page.locator('main h1', { hasText: 'Page not found' });
  await go('/no-such-screen');
  await notFound.waitFor();
  await go(path);
  await notFound.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  for (const billType of registry.billTypes.filter(standsAlone)) {
    await api.saveBill(billType, validPayload(billType, 2, { invoiceno: 1 }));
  }
});

/** The walk's time grows with the screens (a maintainer's bill type adds two or three): this much per screen. */
const PER_SCREEN_MS = 8_000;

it.each([PHONE, PORTRAIT_TABLET])('every screen fits a %o touch screen', { timeout: screens().length * PER_SCREEN_MS }, async (viewport) => {
  const { page } = await e2e.open(viewport);
  await signIn(page, e2e.app, CLIENTS_PATH);
  const problems: string[] = [];
  const axes = axed(viewport);
  for (const path of screens()) {
    await openInApp(page, path);
    await page.locator('main h1, main h2, main form').first().waitFor();
    // Loaded: no table or form still busy, no "Please Wait".
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]') && !document.querySelector('main')?.textContent?.includes('Please Wait'));
    problems.push(...(await misfits(page, viewport)).map((problem) => `${path}: ${problem}`));
    if (axes(path)) problems.push(...(await seriousViolations(page)).map((v) => `${path}: axe ${v.id} ${v.targets.join(', ')}`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/touch-${viewport.width}${path.replaceAll('/', '_')}.png` });
  }
  expect(problems).toEqual([]);
});

/** Issue 31 item 3: on a phone the header is one row, and Menu opens its entries as a sheet. */
it('a phone header is one row whose Menu opens every entry as a sheet', async () => {
  const { page, errors } = await e2e.open(PHONE);
  const taxInvoice = registry.byType('taxinvoice')!;
  await signIn(page, e2e.app, listRoute(taxInvoice));
  const header = page.getByRole('banner');
  await header.getByText(`Unit ${registry.units.find((unit) => unit.slug === taxInvoice.unit)!.menuLabel}`).waitFor();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  const menu = header.getByRole('button', { name: 'Menu' });
  expect(await header.getByRole('button', { name: 'Create Bill' }).isVisible()).toBe(false);

  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  // The closed menus' links are hidden (no box): the sheet shows the menus, then the other entries, one under another.
  const sheetFits = async () => {
    for (const control of await header.locator('nav button, nav a').all()) {
      const box = await control.boundingBox();
      if (!box) continue;
      const name = (await control.textContent()) ?? '';
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
  };
  await sheetFits();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/header-sheet-390.png` });
  await header.getByRole('button', { name: 'Create Bill' }).click();
  await sheetFits();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/header-sheet-create-390.png` });
  await menuLink(header, taxInvoice).click();
  await page.waitForURL((url) => url.pathname === createRoute(taxInvoice));
  // A new screen closes the sheet.
  await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
  expect(await header.getByRole('button', { name: 'Create Bill' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  expect(errors).toEqual([]);
});
