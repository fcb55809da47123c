import { describe, expect, it } from 'vitest';
import { signIn, useBrowserApp } from '../support';

/**
 * Issue 30, Deliver 7, in Chromium: the app rebuilt while a tab was open (a screen's chunk is gone) reloads
 * the app once instead of showing the router's raw "Unexpected Application Error".
 */
const e2e = useBrowserApp();

describe('a chunk that fails to load (issue 30)', () => {
  it('reloads the app once and the screen opens', async () => {
    const { page } = await e2e.open({ width: 1366, height: 768 });
    await signIn(page, e2e.app);
    let refused = 0;
    await page.route(/\/assets\/ClientsPage-[^/]*\.js$/, (route) => (refused++ === 0 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(refused).toBe(2);
    expect(loads).toBe(1);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/clients');
  });
});
