import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createRoute, editRoute, listRoute, profileRoute } from '../../src/app/paths';
import { receivablesRoute } from '../../src/app/receivables/receivables-path';
import { CATALOGS_PATH, CLIENTS_PATH, REPORTS_PATH } from '../../src/app/layout/header-links';
import { standsAlone, validPayload } from '../fixtures/payloads';
import { apiSession, registry, signIn, useBrowserApp, type Viewport } from './support';

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

beforeAll(async () => {
  const api = await apiSession(e2e.app);
  for (const billType of registry.billTypes.filter(standsAlone)) {
    await api.saveBill(billType, validPayload(billType, 2, { invoiceno: 1 }));
  }
});

it.each([PHONE, PORTRAIT_TABLET])('every screen fits a %o touch screen', async (viewport) => {
  const { page } = await e2e.open(viewport);
  await signIn(page, e2e.app, CLIENTS_PATH);
  const problems: string[] = [];
  for (const path of screens()) {
    await page.goto(path);
    await page.locator('main h1, main h2, main form').first().waitFor();
    // Loaded: no table or form still busy, no "Please Wait".
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]') && !document.querySelector('main')?.textContent?.includes('Please Wait'));
    problems.push(...(await misfits(page, viewport)).map((problem) => `${path}: ${problem}`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/touch-${viewport.width}${path.replaceAll('/', '_')}.png` });
  }
  expect(problems).toEqual([]);
});
